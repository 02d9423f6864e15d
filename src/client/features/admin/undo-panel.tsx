// One-action undo (decision 0406): choose a contributor, a network group or a time window (and
// optionally one place), preview what goes back, then undo it all at once, blocking the author too
// if wanted. The Changes tab fills the choice in from one of their changes.
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UndoPreview, UndoSelection } from '../../../shared/schemas/review';
import { Button } from '../../components/ui/button';
import { Input, Label } from '../../components/ui/form-controls';
import { apiRequest, errorMessage } from '../../lib/api';
import { BlockFields, type BlockValue } from './block-fields';
import { useAdminAction } from './place-actions';
import { UndoPreviewList } from './undo-preview';

const toIso = (local: string) => (local ? new Date(local).toISOString() : undefined);

export function UndoPanel({ initial }: { initial: UndoSelection | null }) {
  const { t } = useTranslation('admin');
  const id = useId();
  const [sessionId, setSessionId] = useState(initial?.sessionId ?? '');
  const [clientHash, setClientHash] = useState(initial?.clientHash ?? '');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [placeId, setPlaceId] = useState(initial?.locationId ? String(initial.locationId) : '');
  const [block, setBlock] = useState<BlockValue | null>(null);
  const selection = (): UndoSelection => ({
    ...(sessionId.trim() ? { sessionId: sessionId.trim() } : {}),
    ...(clientHash.trim() ? { clientHash: clientHash.trim() } : {}),
    ...(from ? { from: toIso(from) } : {}),
    ...(to ? { to: toIso(to) } : {}),
    ...(placeId.trim() ? { locationId: Number(placeId) } : {}),
  });
  const preview = useMutation({
    mutationFn: async () =>
      (await (await apiRequest('POST', '/api/admin/undo/preview', { selection: selection() })).json()) as UndoPreview,
  });
  const apply = useAdminAction(async () => {
    await apiRequest('POST', '/api/admin/undo', { selection: selection(), ...(block ? { block } : {}) });
    preview.reset();
  }, t('undo.done'));
  const field = (key: string, label: string, value: string, set: (v: string) => void, type = 'text') => (
    <div>
      <Label htmlFor={`${id}-${key}`}>{label}</Label>
      <Input
        id={`${id}-${key}`}
        type={type}
        value={value}
        onChange={(e) => {
          set(e.target.value);
          preview.reset();
        }}
      />
    </div>
  );
  return (
    <section aria-labelledby={`${id}-h`} className="grid gap-4">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-gray-900">
        {t('undo.heading')}
      </h2>
      <p className="text-sm text-gray-700">{t('undo.intro')}</p>
      <form
        className="grid gap-3 sm:grid-cols-2"
        onSubmit={(e) => {
          e.preventDefault();
          preview.mutate();
        }}
      >
        {field('session', t('undo.sessionId'), sessionId, setSessionId)}
        {field('network', t('undo.network'), clientHash, setClientHash)}
        {field('from', t('undo.from'), from, setFrom, 'datetime-local')}
        {field('to', t('undo.to'), to, setTo, 'datetime-local')}
        {field('place', t('undo.placeId'), placeId, setPlaceId, 'number')}
        <div className="flex items-end">
          <Button type="submit" variant="secondary" disabled={preview.isPending}>
            {t('undo.preview')}
          </Button>
        </div>
      </form>
      {preview.isError && (
        <p role="alert" className="text-red-800">
          {errorMessage(preview.error, t('tryAgain'))}
        </p>
      )}
      {preview.data && (
        <>
          <UndoPreviewList preview={preview.data} />
          <BlockFields value={block} onChange={setBlock} />
          <div>
            <Button
              onClick={() => apply.mutate(undefined)}
              disabled={
                apply.isPending ||
                preview.data.changes +
                  preview.data.pending.edits +
                  preview.data.pending.places +
                  preview.data.pending.tags ===
                  0
              }
            >
              {t('undo.apply')}
            </Button>
          </div>
        </>
      )}
    </section>
  );
}
