import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A list of tags, or what stands in its place: 'Loading…', the failure (an alert), or the sentence
 * for no tags (the picker's 'no match' is a status, read out as the search narrows). */
export function TagListStatus({
  isPending,
  isError,
  count,
  emptyText,
  emptyRole,
  children,
}: {
  isPending: boolean;
  isError: boolean;
  count: number;
  emptyText: string;
  emptyRole?: 'status';
  children: ReactNode;
}) {
  const { t } = useTranslation('tags');
  if (isPending) return <p className="mt-2 text-sm text-gray-700">{t('picker.loading')}</p>;
  if (isError) {
    return (
      <p className="mt-2 text-sm font-medium text-red-700" role="alert">
        {t('picker.failed')}
      </p>
    );
  }
  if (!count) {
    return (
      <p className="mt-2 text-sm text-gray-700" role={emptyRole}>
        {emptyText}
      </p>
    );
  }
  return <>{children}</>;
}
