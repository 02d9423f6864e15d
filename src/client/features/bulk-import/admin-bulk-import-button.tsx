// The administrator's control that opens the bulk import (docs/product.md: id admin-bulk-import, labelled
// 'This feature is only visible to administrators'). Renders nothing unless the administrator
// session answers, so it can sit in any layout.
import { useQuery } from '@tanstack/react-query';
import { Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { getJson } from '../../lib/api';

const BulkImportDialog = lazy(() => import('./bulk-import-dialog').then((m) => ({ default: m.BulkImportDialog })));

export const ADMIN_SESSION_KEY = ['/api/admin/session'] as const;

export function AdminBulkImportButton({ className }: { className?: string }) {
  const { t } = useTranslation('bulk-import');
  const [open, setOpen] = useState(false);
  const session = useQuery({
    queryKey: ADMIN_SESSION_KEY,
    queryFn: () => getJson<{ username: string } | null>('/api/admin/session', { on401: 'returnNull' }),
  });
  if (!session.data) return null;
  return (
    <div className={className}>
      <Button id="admin-bulk-import" onClick={() => setOpen(true)} aria-describedby="admin-bulk-import-note">
        <Upload aria-hidden="true" className="h-4 w-4" />
        {t('open')}
      </Button>
      <p id="admin-bulk-import-note" className="mt-1 text-xs text-gray-700">
        {t('adminOnly')}
      </p>
      {open && (
        <Suspense fallback={null}>
          <BulkImportDialog open={open} onOpenChange={setOpen} />
        </Suspense>
      )}
    </div>
  );
}
