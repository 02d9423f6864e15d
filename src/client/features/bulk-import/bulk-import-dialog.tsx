// The Bulk Import Locations dialog (docs/product.md section 2): choose a CSV file, import, see a
// summary with 'Import Errors:'; a sample file to download. Only text/csv files are accepted
// (decision 0402 covers the .csv files some browsers send without a type).
import { useMutation } from '@tanstack/react-query';
import { Download, FileText, Upload } from 'lucide-react';
import { type ChangeEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { BULK_IMPORT_PROGRESS } from '../../../shared/constants';
import type { BulkImportResult } from '../../../shared/schemas/admin';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Label } from '../../components/ui/form-controls';
import { toast } from '../../components/ui/use-toast';
import { BULK_IMPORT_SAMPLE_CSV as SAMPLE_CSV } from '../../../shared/bulk-import-sample';
import { ATTRIBUTE_CSV_COLUMNS } from '../../../shared/place-attributes-csv';
import { throwIfResNotOk } from '../../lib/api';
import { queryClient } from '../../lib/query-client';

const SAMPLE_FILE_NAME = 'bulk-import-sample.csv';
/** '1.2 KB': the size in kilobytes to one decimal. */
const formatKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

/** docs/product.md section 5: only text/csv. Browsers on Windows label .csv as Excel's type, and some
 * send no type at all; those are accepted when the name ends in .csv (decision 0402). */
function isCsvFile(file: File): boolean {
  if (file.type === 'text/csv') return true;
  return /\.csv$/i.test(file.name) && (file.type === '' || file.type === 'application/vnd.ms-excel');
}

function downloadSample() {
  const url = URL.createObjectURL(new Blob([SAMPLE_CSV], { type: 'text/csv' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = SAMPLE_FILE_NAME;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

async function postImport(file: File): Promise<BulkImportResult> {
  const body = new FormData();
  body.append('csvFile', file);
  const res = await fetch('/api/admin/bulk-import', { method: 'POST', body, credentials: 'include' });
  await throwIfResNotOk(res);
  return (await res.json()) as BulkImportResult;
}

export function BulkImportDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('bulk-import');
  const inputId = useId();
  const [file, setFile] = useState<File | null>(null);
  const [result, setResult] = useState<BulkImportResult | null>(null);

  const mutation = useMutation({
    mutationFn: postImport,
    onSuccess: (data) => {
      setResult(data);
      if (data.errors.length === 0) {
        toast({ title: t('toast.successTitle'), description: t('toast.successText', { count: data.success }) });
      } else {
        toast({
          title: t('toast.warningTitle'),
          description: t('toast.warningText', { success: data.success, errors: data.errors.length }),
        });
      }
      void queryClient.invalidateQueries({
        predicate: (q) =>
          typeof q.queryKey[0] === 'string' &&
          (q.queryKey[0].startsWith('/api/locations') || q.queryKey[0].startsWith('/api/tags')),
      });
    },
    onError: () => {
      toast({ title: t('toast.failedTitle'), description: t('toast.failedText'), variant: 'destructive' });
    },
  });

  const reset = () => {
    setFile(null);
    setResult(null);
    mutation.reset();
  };

  const onFile = (e: ChangeEvent<HTMLInputElement>) => {
    const chosen = e.target.files?.[0] ?? null;
    if (chosen && !isCsvFile(chosen)) {
      toast({ title: t('toast.invalidTitle'), description: t('toast.invalidText'), variant: 'destructive' });
      e.target.value = '';
      setFile(null);
      return;
    }
    setFile(chosen);
    setResult(null);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        if (!next) reset();
        onOpenChange(next);
      }}
    >
      <DialogContent data-testid="bulk-import-dialog" className="max-w-xl">
        <DialogTitle>{t('title')}</DialogTitle>
        <DialogDescription>{t('description')}</DialogDescription>

        {!result && (
          <div className="mt-4 grid gap-4">
            <div>
              <Label htmlFor={inputId}>{t('fileLabel')}</Label>
              <input
                id={inputId}
                type="file"
                accept=".csv,text/csv"
                onChange={onFile}
                disabled={mutation.isPending}
                data-testid="bulk-import-file"
                className="block w-full rounded-md border border-gray-400 bg-white text-sm text-gray-900 file:mr-3 file:min-h-10 file:border-0 file:bg-brand-700 file:px-4 file:py-2 file:font-medium file:text-white hover:file:bg-brand-800"
              />
              <p className="mt-1 text-sm text-gray-700">{t('fileHint')}</p>
              <p className="mt-1 text-sm text-gray-700">
                {t('attributesHint', { columns: ATTRIBUTE_CSV_COLUMNS.join(', ') })}
              </p>
            </div>
            {file && (
              <p
                className="flex items-center gap-2 rounded-md border border-gray-200 bg-gray-50 px-3 py-2 text-sm text-gray-900"
                data-testid="bulk-import-file-info"
              >
                <FileText aria-hidden="true" className="h-4 w-4 shrink-0" />
                <span className="break-all font-medium">{file.name}</span>
                <span className="shrink-0 text-gray-700">{formatKb(file.size)}</span>
              </p>
            )}
            {mutation.isPending && (
              <div className="grid gap-1">
                <div
                  role="progressbar"
                  aria-label={t('importing')}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={BULK_IMPORT_PROGRESS}
                  className="h-2 w-full overflow-hidden rounded-full bg-gray-200"
                  data-testid="bulk-import-progress"
                >
                  <div className="h-full bg-brand-700" style={{ width: `${BULK_IMPORT_PROGRESS}%` }} />
                </div>
                <p className="text-sm text-gray-700" aria-live="polite">
                  {t('importing')}
                </p>
              </div>
            )}
            <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-between">
              <Button variant="secondary" onClick={downloadSample} data-testid="bulk-import-sample">
                <Download aria-hidden="true" className="h-4 w-4" />
                {t('sample')}
              </Button>
              <Button
                onClick={() => file && mutation.mutate(file)}
                disabled={!file || mutation.isPending}
                data-testid="bulk-import-submit"
              >
                <Upload aria-hidden="true" className="h-4 w-4" />
                {mutation.isPending ? t('importing') : t('import')}
              </Button>
            </div>
          </div>
        )}

        {result && (
          <div className="mt-4 grid gap-4" data-testid="bulk-import-summary">
            <p className="text-base font-medium text-gray-900" role="status">
              {t('summary', { count: result.success })}
            </p>
            {result.errors.length > 0 && (
              <div>
                <h3 className="text-sm font-semibold text-red-800">{t('errorsHeading')}</h3>
                <ul
                  className="mt-1 max-h-60 list-disc overflow-y-auto rounded-md border border-red-200 bg-red-50 py-2 pl-8 pr-3 text-sm text-red-900"
                  data-testid="bulk-import-errors"
                >
                  {result.errors.map((e, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: messages may repeat; order is fixed
                    <li key={i}>{e}</li>
                  ))}
                </ul>
              </div>
            )}
            <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
              <Button variant="secondary" onClick={reset}>
                {t('importAnother')}
              </Button>
              <Button
                onClick={() => {
                  reset();
                  onOpenChange(false);
                }}
              >
                {t('close')}
              </Button>
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
