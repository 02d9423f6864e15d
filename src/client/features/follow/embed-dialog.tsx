// "Embed this search" (decision 1004): the snippet a partner pastes into a page, to copy, and the
// widget itself to look at first. Loaded when the button is first pressed.
import { Copy, ExternalLink } from 'lucide-react';
import { useId } from 'react';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '../../components/ui/dialog';
import { toast } from '../../components/ui/use-toast';
import { copyText } from '../share';
import { embedSnippet } from './follow-urls';

export interface EmbedTexts {
  title: string;
  description: string;
  snippetLabel: string;
  copy: string;
  copied: string;
  copyFailed: string;
  preview: string;
  newTab: string;
  frameTitle: string;
}

export default function EmbedDialog({
  open,
  onOpenChange,
  url,
  texts,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  url: string;
  texts: EmbedTexts;
}) {
  const snippetId = useId();
  const snippet = embedSnippet(url, texts.frameTitle);
  const copy = async () => {
    try {
      await copyText(snippet);
      toast({ title: texts.copied });
    } catch {
      toast({ title: texts.copyFailed, variant: 'destructive' });
    }
  };
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-lg">
        <DialogTitle className="text-lg font-semibold text-gray-900">{texts.title}</DialogTitle>
        <DialogDescription className="mt-1 text-sm text-gray-700">{texts.description}</DialogDescription>
        <label htmlFor={snippetId} className="mt-4 block text-sm font-medium text-gray-900">
          {texts.snippetLabel}
        </label>
        <textarea
          id={snippetId}
          readOnly
          value={snippet}
          rows={4}
          className="mt-1 w-full rounded-md border border-gray-300 bg-gray-50 p-2 font-mono text-xs text-gray-900"
          onFocus={(e) => e.currentTarget.select()}
        />
        <div className="mt-3 flex flex-wrap gap-2">
          <Button onClick={() => void copy()}>
            <Copy aria-hidden="true" className="h-4 w-4" />
            {texts.copy}
          </Button>
          <a
            href={url}
            target="_blank"
            rel="noopener"
            className="inline-flex min-h-10 items-center gap-2 rounded-md border border-gray-300 bg-white px-4 py-2 text-sm font-medium text-gray-900 hover:bg-gray-100"
          >
            <ExternalLink aria-hidden="true" className="h-4 w-4" />
            {texts.preview}
            <span className="sr-only">{texts.newTab}</span>
          </a>
        </div>
      </DialogContent>
    </Dialog>
  );
}
