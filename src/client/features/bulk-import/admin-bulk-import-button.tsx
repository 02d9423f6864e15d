// The administrator's control that opens the bulk import (docs/product.md: id admin-bulk-import, labelled
// 'This feature is only visible to administrators'). Renders nothing unless the administrator
// session answers, so it can sit in any layout.
import { Upload } from 'lucide-react';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/ui/button';
import { useAdminSession } from '../../lib/admin-session';

const BulkImportDialog = lazy(() => import('./bulk-import-dialog').then((m) => ({ default: m.BulkImportDialog })));

export function AdminBulkImportButton({ className }: { className?: string }) {
  const { t } = useTranslation('bulk-import');
  const [open, setOpen] = useState(false);
  const session = useAdminSession();
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
