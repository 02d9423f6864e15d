// The Report dialog (docs/product.md section 2): select-type, then review. Wide screens pick the
// problem area on the page for a screenshot of that element; phones send one of the whole page.
// The report carries the place in view (locationId from app-dialogs, decision 0351).
import { useMutation } from '@tanstack/react-query';
import { useEffect, useId, useReducer, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { type FlagType, MOBILE_BREAKPOINT_PX } from '../../../shared/constants';
import { Dialog, DialogContent } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api';
import { OfflineError } from '../../lib/offline';
import { queryClient } from '../../lib/query-client';
import { ElementPicker } from './element-picker';
import { buildReportDescription, elementPreview, hasScriptTag } from './report-description';
import { ReportReviewStep } from './report-review-step';
import { initialReportState, reportReducer } from './report-state';
import { ReportTypeStep } from './report-type-step';
import { captureElement, captureFullPage, loadScreenshotLibrary } from './screenshot';

interface Props {
  open: boolean;
  onOpenChange(open: boolean): void;
  locationId: number | null;
}

interface FlagReportBody {
  locationId: number | null;
  flagType: FlagType;
  description: string;
  screenshot: string;
}

/** Takes a screenshot; resolves with a PNG data URL (a placeholder when the capture failed). */
type Shooter = () => Promise<string>;

/** Whether a node is the dialog or its overlay, left out of a phone's picture of the page. */
function isDialogNode(node: HTMLElement, content: HTMLElement | null): boolean {
  if (!content) return false;
  return (
    node === content ||
    (node === content.previousElementSibling && node.hasAttribute('data-state')) ||
    node.hasAttribute('data-radix-focus-guard') ||
    node.hasAttribute('data-report-picker')
  );
}

export default function ReportDialog({ open, onOpenChange, locationId }: Props) {
  const { t } = useTranslation('report');
  const ids = useId();
  const [state, dispatch] = useReducer(reportReducer, initialReportState);
  const { step, flagType, description, notes, screenshot, picking, capturing } = state;
  const contentRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  // Captures finishing after the dialog closed (or after a newer capture began) are dropped.
  const run = useRef(0);

  // A report has started: fetch the screenshot library now, so the capture does not wait for it.
  useEffect(() => {
    if (open) void loadScreenshotLibrary().catch(() => undefined);
  }, [open]);

  // Closing (by any means: Escape, the X, success) resets everything.
  useEffect(() => {
    if (open) return;
    run.current += 1;
    dispatch({ type: 'reset' });
  }, [open]);

  const mutation = useMutation({
    mutationFn: (body: FlagReportBody) => apiRequest('POST', '/api/flag-reports', body),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: ['/api/locations'] });
      toast({ title: t('toast.successTitle'), description: t('toast.successText') });
      onOpenChange(false);
    },
    onError: (err) => {
      // Offline, it says the report needs a connection (the dialog keeps everything, decision 0910).
      const description = err instanceof OfflineError ? err.message : t('toast.failed');
      toast({ title: t('toast.errorTitle'), description, variant: 'destructive' });
    },
  });

  const error = (key: string) => toast({ title: t('toast.errorTitle'), description: t(key), variant: 'destructive' });

  const startCapture = async (shoot: Shooter) => {
    const mine = ++run.current;
    dispatch({ type: 'captureStarted' });
    const url = await shoot();
    if (run.current !== mine) return false;
    dispatch({ type: 'captured', screenshot: url });
    return true;
  };

  const onContinue = () => {
    if (!flagType) return error('toast.selectType');
    if (flagType === 'other' && !description.trim()) return error('toast.otherNeedsDescription');
    if (hasScriptTag(description)) return error('toast.scriptTags');
    const phone = window.innerWidth < MOBILE_BREAKPOINT_PX;
    dispatch({ type: 'review', phone });
    if (phone) void startCapture(() => captureFullPage((node) => isDialogNode(node, contentRef.current)));
  };

  const onPicked = async (el: HTMLElement) => {
    dispatch({ type: 'picked', tag: el.tagName.toLowerCase(), text: elementPreview(el) });
    if (await startCapture(() => captureElement(el))) dispatch({ type: 'pickDone' });
  };

  const onPickCancel = () => {
    run.current += 1;
    dispatch({ type: 'pickCancelled' });
  };

  const onSubmitReview = () => {
    if (!flagType || mutation.isPending || capturing) return;
    if (hasScriptTag(notes) || hasScriptTag(description)) return error('toast.scriptTags');
    mutation.mutate({
      locationId,
      flagType,
      description: buildReportDescription(flagType, description, notes),
      screenshot: screenshot ?? '',
    });
  };

  const close = () => onOpenChange(false);

  return (
    <>
      <Dialog open={open && !picking} onOpenChange={onOpenChange}>
        <DialogContent
          ref={contentRef}
          data-testid="report-dialog"
          onOpenAutoFocus={() => {
            // Remember the opener (the header button) once: after picking, Radix would otherwise
            // return focus to the picker's banner, which is gone by then.
            const active = document.activeElement;
            if (
              !returnFocus.current &&
              active instanceof HTMLElement &&
              active !== document.body &&
              !active.closest('[data-report-picker]')
            ) {
              returnFocus.current = active;
            }
          }}
          onCloseAutoFocus={(e) => {
            // While picking, focus belongs to the picker's banner.
            if (picking) return e.preventDefault();
            const opener = returnFocus.current;
            returnFocus.current = null;
            if (opener?.isConnected) {
              e.preventDefault();
              opener.focus();
            }
          }}
        >
          {step === 'select-type' ? (
            <ReportTypeStep
              ids={ids}
              flagType={flagType}
              description={description}
              onType={(type) => dispatch({ type: 'chooseType', flagType: type })}
              onDescription={(text) => dispatch({ type: 'describe', text })}
              onContinue={onContinue}
              onCancel={close}
            />
          ) : (
            <ReportReviewStep
              ids={ids}
              state={state}
              pending={mutation.isPending}
              onNotes={(text) => dispatch({ type: 'note', text })}
              onSubmit={onSubmitReview}
              onCancel={close}
            />
          )}
        </DialogContent>
      </Dialog>
      {open && picking && <ElementPicker onSelect={onPicked} onCancel={onPickCancel} />}
    </>
  );
}
