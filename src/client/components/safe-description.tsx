import { useMemo } from 'react';
import { cn } from '../lib/cn';
import { sanitizeDescription } from '../lib/sanitize';

/** A stored description, sanitised on render (lib/sanitize.ts) and shown as rich text. */
export function SafeDescription({ html, className }: { html: string | null | undefined; className?: string }) {
  const clean = useMemo(() => sanitizeDescription(html), [html]);
  if (!clean) return null;
  return (
    <div
      className={cn('prose-sm max-w-none break-words [&_a]:text-brand-800 [&_a]:underline [&_li]:ml-5 [&_ol]:list-decimal [&_ul]:list-disc', className)}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitised by sanitizeDescription (DOMPurify allow-list)
      dangerouslySetInnerHTML={{ __html: clean }}
    />
  );
}
