// The review desk's hidden places (decision 0401), each of which can be shown again or deleted.
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { getJson } from '../../lib/api';
import { PlaceActions } from './place-actions';

export function HiddenPanel() {
  const { t } = useTranslation('admin');
  const id = useId();
  const url = '/api/admin/locations?hidden=true';
  const list = useQuery({
    queryKey: [url],
    queryFn: () => getJson<{ id: number; name: string; slug: string; category: string }[]>(url),
  });
  return (
    <section aria-labelledby={`${id}-h`} className="grid gap-3">
      <h2 id={`${id}-h`} className="text-lg font-semibold text-gray-900">
        {t('places.heading')}
      </h2>
      {list.isPending && (
        <p role="status" className="text-gray-700">
          {t('loading')}
        </p>
      )}
      {list.data?.length === 0 && <p className="text-gray-700">{t('places.empty')}</p>}
      <ul className="grid gap-2">
        {list.data?.map((p) => (
          <li
            key={p.id}
            className="flex flex-wrap items-center justify-between gap-2 rounded-lg border border-gray-200 bg-white p-3 shadow-sm"
          >
            <span className="font-medium text-gray-900">{p.name}</span>
            <span className="flex flex-wrap gap-2">
              <PlaceActions id={p.id} hidden name={p.name} />
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
