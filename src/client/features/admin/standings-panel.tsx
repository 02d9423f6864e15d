// Trusted and blocked contributors and networks (decision 0405): who, why, until when, by whom; a
// standing is lifted with one button, and a new one set with a reason and a duration.
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { STANDING_KINDS, type Standing, type StandingInput } from '../../../shared/schemas/review';
import { Button } from '../../components/ui/button';
import { Input, Label, NativeSelect } from '../../components/ui/form-controls';
import { apiRequest, getJson } from '../../lib/api';
import { formatDateTime } from '../../lib/dates';
import { DurationSelect } from './block-fields';
import { useAdminAction } from './place-actions';

const URL = '/api/admin/standings';

export function StandingsPanel({ initial }: { initial: Pick<StandingInput, 'kind' | 'key'> | null }) {
  const { t, i18n } = useTranslation('admin');
  const id = useId();
  const list = useQuery({ queryKey: [URL], queryFn: () => getJson<Standing[]>(URL) });
  const [draft, setDraft] = useState<StandingInput>({
    kind: initial?.kind ?? 'contributor',
    key: initial?.key ?? '',
    standing: 'trusted',
    reason: '',
    hours: null,
  });
  const save = useAdminAction(() => apiRequest('POST', URL, draft), t('standings.saved'));
  const lift = useAdminAction(
    (standingId: number) => apiRequest('DELETE', `${URL}/${standingId}`),
    t('standings.lifted'),
  );
  return (
    <section aria-labelledby={`${id}-h`} className="grid gap-4">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-gray-900">
        {t('standings.heading')}
      </h2>
      <form
        className="grid gap-3 rounded-lg border border-gray-200 bg-white p-4 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          save.mutate(undefined);
        }}
      >
        <div>
          <Label htmlFor={`${id}-kind`}>{t('standings.kindLabel')}</Label>
          <NativeSelect
            id={`${id}-kind`}
            value={draft.kind}
            onChange={(e) => setDraft({ ...draft, kind: e.target.value as StandingInput['kind'] })}
          >
            {STANDING_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`standings.kind.${k}`)}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div>
          <Label htmlFor={`${id}-key`}>{t('standings.key')}</Label>
          <Input
            id={`${id}-key`}
            value={draft.key}
            onChange={(e) => setDraft({ ...draft, key: e.target.value })}
            required
          />
        </div>
        <div>
          <Label htmlFor={`${id}-standing`}>{t('standings.standingLabel')}</Label>
          <NativeSelect
            id={`${id}-standing`}
            value={draft.standing}
            onChange={(e) => setDraft({ ...draft, standing: e.target.value as StandingInput['standing'] })}
          >
            <option value="trusted">{t('standings.standing.trusted')}</option>
            <option value="blocked">{t('standings.standing.blocked')}</option>
          </NativeSelect>
        </div>
        <div>
          <Label htmlFor={`${id}-hours`}>{t('standings.for')}</Label>
          <DurationSelect id={`${id}-hours`} value={draft.hours} onChange={(hours) => setDraft({ ...draft, hours })} />
        </div>
        <div className="sm:col-span-2">
          <Label htmlFor={`${id}-reason`}>{t('standings.reason')}</Label>
          <Input
            id={`${id}-reason`}
            value={draft.reason}
            onChange={(e) => setDraft({ ...draft, reason: e.target.value })}
            required
          />
        </div>
        <div>
          <Button type="submit" disabled={save.isPending}>
            {t('standings.save')}
          </Button>
        </div>
      </form>
      {list.data?.length === 0 && <p className="text-gray-700">{t('standings.empty')}</p>}
      <ul className="grid gap-2">
        {list.data?.map((s) => (
          <li
            key={s.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-gray-200 bg-white p-3"
            data-testid="standing"
          >
            <div className="min-w-0 text-sm">
              <p className="font-semibold text-gray-900">
                {t(`standings.standing.${s.standing}`)} · {t(`standings.kind.${s.kind}`)}{' '}
                <code className="break-all text-xs">{s.key}</code>
              </p>
              <p className="text-gray-700">
                {s.reason} ·{' '}
                {s.until
                  ? t('standings.until', { date: formatDateTime(s.until, i18n.language) })
                  : t('standings.untilLifted')}{' '}
                · {t('standings.by', { actor: s.setBy })}
              </p>
            </div>
            <Button size="sm" variant="secondary" onClick={() => lift.mutate(s.id)} disabled={lift.isPending}>
              {t('standings.lift')}
            </Button>
          </li>
        ))}
      </ul>
    </section>
  );
}
