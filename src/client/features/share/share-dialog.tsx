// The Share dialog (docs/product.md section 2, title 'SHARE THIS EVENT'): Facebook, Twitter and LinkedIn in
// 600x400 windows, Email, the device's own share sheet (else copy) and Copy link with a toast.
import { Link2, Mail, Share2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import {
  copyText,
  emailShareUrl,
  facebookShareUrl,
  linkedInShareUrl,
  openShareWindow,
  type ShareContent,
  twitterShareUrl,
} from './share-links';

/** Brand initials on the badges: not words, and the same in every language. */
const INITIALS = { facebook: 'f', twitter: 'X', linkedin: 'in' } as const;

const choiceClass =
  'flex min-h-12 w-full items-center gap-3 rounded-md border border-gray-300 bg-white px-3 py-2 text-left font-medium text-gray-900 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** A round badge with the network's initial: brand logos are trademarks we do not bundle. */
function Badge({ children, className }: { children: ReactNode; className: string }) {
  return (
    <span
      aria-hidden="true"
      className={`flex h-8 w-8 shrink-0 items-center justify-center rounded-full text-sm font-bold text-white ${className}`}
    >
      {children}
    </span>
  );
}

export interface ShareDialogProps extends ShareContent {
  open: boolean;
  onOpenChange(open: boolean): void;
}

export function ShareDialog({ open, onOpenChange, url, title, text }: ShareDialogProps) {
  const { t } = useTranslation('share');
  const content: ShareContent = { url, title, text };

  const copyLink = async () => {
    try {
      await copyText(url);
      toast({ title: t('copied.title'), description: t('copied.text') });
    } catch {
      toast({ title: t('copyFailed.title'), description: t('copyFailed.text'), variant: 'destructive' });
    }
  };

  const shareNative = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text, url });
      } catch {
        // Cancelled or refused: native share failures are ignored (docs/product.md section 8).
      }
      return;
    }
    await copyLink();
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogTitle>{t('title')}</DialogTitle>
        <DialogDescription>{t('description', { name: title })}</DialogDescription>
        <ul className="mt-4 grid gap-2 sm:grid-cols-2">
          <li>
            <button type="button" className={choiceClass} onClick={() => openShareWindow(facebookShareUrl(content))}>
              <Badge className="bg-[#1877F2]">{INITIALS.facebook}</Badge>
              {t('facebook')}
            </button>
          </li>
          <li>
            <button type="button" className={choiceClass} onClick={() => openShareWindow(twitterShareUrl(content))}>
              <Badge className="bg-black">{INITIALS.twitter}</Badge>
              {t('twitter')}
            </button>
          </li>
          <li>
            <button type="button" className={choiceClass} onClick={() => openShareWindow(linkedInShareUrl(content))}>
              <Badge className="bg-[#0A66C2]">{INITIALS.linkedin}</Badge>
              {t('linkedin')}
            </button>
          </li>
          <li>
            <a className={choiceClass} href={emailShareUrl(content)}>
              <Badge className="bg-gray-700">
                <Mail className="h-4 w-4" />
              </Badge>
              {t('email')}
            </a>
          </li>
          <li>
            <button type="button" className={choiceClass} onClick={() => void shareNative()}>
              <Badge className="bg-brand-700">
                <Share2 className="h-4 w-4" />
              </Badge>
              {t('device')}
            </button>
          </li>
          <li>
            <button type="button" className={choiceClass} onClick={() => void copyLink()}>
              <Badge className="bg-brand-800">
                <Link2 className="h-4 w-4" />
              </Badge>
              {t('copy')}
            </button>
          </li>
        </ul>
        <p className="mt-4 break-all rounded-md bg-gray-100 p-2 text-sm text-gray-800">
          <span className="sr-only">{t('linkLabel')} </span>
          {url}
        </p>
      </DialogContent>
    </Dialog>
  );
}
