// The button that opens "Embed this search" (its dialog is a chunk of its own, fetched when the
// button is first pressed or pointed at).
import { lazy, Suspense, useState } from 'react';
import type { EmbedTexts } from './embed-dialog';

const loadDialog = () => import('./embed-dialog');
const EmbedDialog = lazy(loadDialog);

export function EmbedButton({ label, url, texts }: { label: string; url: () => string; texts: EmbedTexts }) {
  const [open, setOpen] = useState(false);
  const [opened, setOpened] = useState(false);
  return (
    <>
      <button
        type="button"
        onPointerEnter={() => void loadDialog()}
        onClick={() => {
          setOpened(true);
          setOpen(true);
        }}
        className="inline-flex min-h-10 items-center gap-2 rounded-md border border-gray-300 bg-white px-3 py-2 text-sm font-medium text-gray-900 hover:bg-gray-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700"
      >
        {label}
      </button>
      {opened && (
        <Suspense fallback={null}>
          <EmbedDialog open={open} onOpenChange={setOpen} url={url()} texts={texts} />
        </Suspense>
      )}
    </>
  );
}
