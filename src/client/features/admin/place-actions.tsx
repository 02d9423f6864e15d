// The review desk's writes: every one toasts, refreshes the desk's own queries and the public lists,
// and a 401 signs the desk out. PlaceActions hides, shows or deletes a place (decision 0401).
import { useMutation } from '@tanstack/react-query';
import { EyeOff, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { toast } from '../../components/ui/use-toast';
import { ADMIN_SESSION_KEY } from '../../lib/admin-session';
import { apiRequest, errorMessage } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

const refreshAll = () =>
  queryClient.invalidateQueries({
    predicate: (q) => {
      const k = q.queryKey[0];
      return (
        typeof k === 'string' &&
        k !== ADMIN_SESSION_KEY[0] &&
        (k.startsWith('/api/admin') || k.startsWith('/api/locations') || k.startsWith('/api/tags'))
      );
    },
  });

export function useAdminAction<T>(fn: (arg: T) => Promise<unknown>, success: string) {
  const { t } = useTranslation('admin');
  return useMutation({
    mutationFn: fn,
    onSuccess: () => {
      toast({ title: success });
      void refreshAll();
    },
    onError: (err) => {
      if ((err as { status?: number }).status === 401) queryClient.setQueryData(ADMIN_SESSION_KEY, null);
      toast({ title: t('actionFailed'), description: errorMessage(err, t('tryAgain')), variant: 'destructive' });
    },
  });
}

export function PlaceActions({ id, hidden, name }: { id: number; hidden: boolean; name: string }) {
  const { t } = useTranslation('admin');
  const toggle = useAdminAction(
    () => apiRequest('PATCH', `/api/admin/locations/${id}`, { hidden: !hidden }),
    hidden ? t('places.shown') : t('places.hiddenDone'),
  );
  const remove = useAdminAction(() => apiRequest('DELETE', `/api/admin/locations/${id}`), t('places.deleted'));
  return (
    <>
      <Button
        size="sm"
        variant="secondary"
        onClick={() => toggle.mutate(undefined)}
        disabled={toggle.isPending}
        aria-label={hidden ? t('places.showNamed', { name }) : t('places.hideNamed', { name })}
      >
        <EyeOff aria-hidden="true" className="h-4 w-4" />
        {hidden ? t('places.show') : t('places.hide')}
      </Button>
      {/* Deleting cannot be undone: an explicit confirmation, in the page's own dialog (focus moves
          to it, Escape or Cancel keeps the place), not window.confirm. */}
      <ConfirmDialog
        trigger={
          <Button
            size="sm"
            variant="destructive"
            disabled={remove.isPending}
            aria-label={t('places.deleteNamed', { name })}
          >
            <Trash2 aria-hidden="true" className="h-4 w-4" />
            {t('places.delete')}
          </Button>
        }
        testId="delete-confirm"
        title={t('places.deleteNamed', { name })}
        description={t('places.confirmDelete', { name })}
        cancelLabel={t('places.keep')}
        confirmLabel={t('places.delete')}
        onConfirm={() => remove.mutate(undefined)}
      />
    </>
  );
}
