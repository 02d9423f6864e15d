// The Report dialog (docs/product.md section 2 "Report dialog"): select-type, then review.
// Wide screens pick the problem area on the page (the dialog hides meanwhile) and send a
// screenshot of that element; phones go straight to review with a screenshot of the whole page.
// The report carries the place in view (locationId from app-dialogs), see decision 0351.
import { useMutation } from '@tanstack/react-query';
import { Camera } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FLAG_TYPES, type FlagType, MOBILE_BREAKPOINT_PX } from '../../../shared/constants';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { Label, Textarea } from '../../components/ui/form-controls';
import { toast } from '../../components/ui/use-toast';
import { apiRequest } from '../../lib/api';
import { cn } from '../../lib/cn';
import { OfflineError } from '../../lib/offline';
import { queryClient } from '../../lib/query-client';
import { ElementPicker } from './element-picker';
import { buildReportDescription, elementPreview, hasScriptTag, REPORT_TEXT_MAX } from './report-description';
import { captureElement, captureFullPage, loadScreenshotLibrary } from './screenshot';

type Step = 'select-type' | 'review';

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

function isPhoneWidth(): boolean {
  return window.innerWidth < MOBILE_BREAKPOINT_PX;
}

/** Takes a screenshot; resolves with a PNG data URL (a placeholder when the capture failed). */
type Shooter = () => Promise<string>;

export default function ReportDialog({ open, onOpenChange, locationId }: Props) {
  const { t } = useTranslation('report');
  const ids = useId();
  const [step, setStep] = useState<Step>('select-type');
  const [flagType, setFlagType] = useState<FlagType | null>(null);
  const [description, setDescription] = useState('');
  const [notes, setNotes] = useState('');
  const [screenshot, setScreenshot] = useState<string | null>(null);
  const [selectedText, setSelectedText] = useState<string | null>(null);
  const [selectedTag, setSelectedTag] = useState<string | null>(null);
  const [picking, setPicking] = useState(false);
  const [mobileMode, setMobileMode] = useState(false);
  const [capturing, setCapturing] = useState(false);
  const contentRef = useRef<HTMLDivElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  // Captures finishing after the dialog closed (or after a newer capture began) are dropped.
  const run = useRef(0);

  // A report has started: fetch the screenshot library now, so the capture does not wait for it.
  useEffect(() => {
    if (open) void loadScreenshotLibrary().catch(() => undefined);
  }, [open]);

  const reset = () => {
    run.current += 1;
    setStep('select-type');
    setFlagType(null);
    setDescription('');
    setNotes('');
    setScreenshot(null);
    setSelectedText(null);
    setSelectedTag(null);
    setPicking(false);
    setMobileMode(false);
    setCapturing(false);
  };

  // Closing (by any means: Escape, the X, success) resets everything.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset only calls state setters
  useEffect(() => {
    if (!open) reset();
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
    setCapturing(true);
    const url = await shoot();
    if (run.current !== mine) return false;
    setScreenshot(url);
    setCapturing(false);
    return true;
  };

  const onContinue = () => {
    if (!flagType) return error('toast.selectType');
    if (flagType === 'other' && !description.trim()) return error('toast.otherNeedsDescription');
    if (hasScriptTag(description)) return error('toast.scriptTags');
    setStep('review');
    if (isPhoneWidth()) {
      setMobileMode(true);
      // The dialog and its overlay are left out of the picture.
      void startCapture(() =>
        captureFullPage((node) => {
          const content = contentRef.current;
          if (!content) return false;
          return (
            node === content ||
            (node === content.previousElementSibling && node.hasAttribute('data-state')) ||
            node.hasAttribute('data-radix-focus-guard') ||
            node.hasAttribute('data-report-picker')
          );
        }),
      );
    } else {
      setMobileMode(false);
      setPicking(true);
    }
  };

  const onPicked = async (el: HTMLElement) => {
    setSelectedTag(el.tagName.toLowerCase());
    setSelectedText(elementPreview(el));
    if (await startCapture(() => captureElement(el))) setPicking(false);
  };

  const onPickCancel = () => {
    run.current += 1;
    setPicking(false);
    setCapturing(false);
    setStep('select-type');
  };

  const onSubmitSelect = (e: FormEvent) => {
    e.preventDefault();
    onContinue();
  };

  // Enter anywhere in the first step (but in the description box) means Continue, even while the
  // button is still disabled, so the missing type is explained rather than silently ignored.
  const onSelectKeyDown = (e: KeyboardEvent<HTMLFormElement>) => {
    if (e.key !== 'Enter' || e.target instanceof HTMLTextAreaElement || e.target instanceof HTMLButtonElement) return;
    e.preventDefault();
    onContinue();
  };

  const onSubmitReview = (e: FormEvent) => {
    e.preventDefault();
    if (!flagType || mutation.isPending || capturing) return;
    if (hasScriptTag(notes) || hasScriptTag(description)) return error('toast.scriptTags');
    mutation.mutate({
      locationId,
      flagType,
      description: buildReportDescription(flagType, description, notes),
      screenshot: screenshot ?? '',
    });
  };

  const descriptionId = `${ids}-description`;
  const notesId = `${ids}-notes`;

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
            <>
              <DialogTitle>{t('title')}</DialogTitle>
              <DialogDescription>{t('selectDescription')}</DialogDescription>
              <form className="mt-4 space-y-4" onSubmit={onSubmitSelect} onKeyDown={onSelectKeyDown} noValidate>
                <fieldset>
                  <legend className="mb-2 text-sm font-medium text-gray-900">{t('typeLegend')}</legend>
                  <div className="space-y-2">
                    {FLAG_TYPES.map((type) => (
                      <div
                        key={type}
                        className={cn(
                          'relative flex min-h-12 cursor-pointer items-start gap-3 rounded-md border p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-brand-700',
                          flagType === type ? 'border-brand-700 bg-brand-50' : 'border-gray-300 hover:bg-gray-50',
                        )}
                      >
                        <input
                          id={`${ids}-type-${type}`}
                          type="radio"
                          name={`${ids}-type`}
                          value={type}
                          checked={flagType === type}
                          onChange={() => setFlagType(type)}
                          aria-describedby={`${ids}-hint-${type}`}
                          className="relative z-10 mt-0.5 h-5 w-5 shrink-0 cursor-pointer accent-brand-700"
                        />
                        <div>
                          {/* The label's ::after covers the whole card, so all of it is the target. */}
                          <label
                            htmlFor={`${ids}-type-${type}`}
                            className="block cursor-pointer text-sm font-medium text-gray-900 after:absolute after:inset-0 after:content-['']"
                          >
                            {t(`types.${type}`)}
                          </label>
                          <p id={`${ids}-hint-${type}`} className="text-sm text-gray-700">
                            {t(`typeHints.${type}`)}
                          </p>
                        </div>
                      </div>
                    ))}
                  </div>
                </fieldset>
                {flagType === 'other' && (
                  <div>
                    <Label htmlFor={descriptionId}>{t('descriptionLabel')}</Label>
                    <Textarea
                      id={descriptionId}
                      value={description}
                      onChange={(e) => setDescription(e.target.value)}
                      placeholder={t('descriptionPlaceholder')}
                      maxLength={REPORT_TEXT_MAX}
                      required
                      aria-required="true"
                    />
                  </div>
                )}
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button variant="secondary" onClick={() => onOpenChange(false)}>
                    {t('cancel')}
                  </Button>
                  <Button type="submit" disabled={!flagType}>
                    {t('continue')}
                  </Button>
                </div>
              </form>
            </>
          ) : (
            <>
              <DialogTitle>{t('reviewTitle')}</DialogTitle>
              <DialogDescription>{t('reviewDescription')}</DialogDescription>
              <form className="mt-4 space-y-4" onSubmit={onSubmitReview} noValidate>
                <div>
                  <p className="mb-1 text-sm font-medium text-gray-900">{t('screenshotLabel')}</p>
                  {capturing || !screenshot ? (
                    <p
                      role="status"
                      className="flex min-h-24 items-center justify-center gap-2 rounded-md border border-dashed border-gray-400 bg-gray-50 text-sm text-gray-700"
                    >
                      <Camera aria-hidden="true" className="h-4 w-4" />
                      {t('capturing')}
                    </p>
                  ) : (
                    <img
                      src={screenshot}
                      alt={mobileMode ? t('screenshotAltPage') : t('screenshotAlt')}
                      data-testid="report-screenshot"
                      className="max-h-64 w-full rounded-md border border-gray-300 bg-gray-50 object-contain"
                    />
                  )}
                </div>
                {!mobileMode && selectedTag && (
                  <div>
                    <p className="mb-1 text-sm font-medium text-gray-900">{t('selectedElement')}</p>
                    <p
                      className="rounded-md bg-gray-100 px-3 py-2 text-sm text-gray-900"
                      data-testid="report-element-preview"
                    >
                      <code className="mr-2 font-semibold">{selectedTag}</code>
                      <span>{selectedText || t('selectedElementEmpty')}</span>
                    </p>
                  </div>
                )}
                <div>
                  <Label htmlFor={notesId}>{t('notesLabel')}</Label>
                  <Textarea
                    id={notesId}
                    value={notes}
                    onChange={(e) => setNotes(e.target.value)}
                    placeholder={t('notesPlaceholder')}
                    maxLength={REPORT_TEXT_MAX}
                  />
                </div>
                <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
                  <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={mutation.isPending}>
                    {t('cancel')}
                  </Button>
                  <Button type="submit" disabled={mutation.isPending || capturing}>
                    {mutation.isPending ? t('submitting') : t('submit')}
                  </Button>
                </div>
              </form>
            </>
          )}
        </DialogContent>
      </Dialog>
      {open && picking && <ElementPicker onSelect={onPicked} onCancel={onPickCancel} />}
    </>
  );
}
