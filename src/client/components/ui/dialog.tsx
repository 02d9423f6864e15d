// Radix Dialog with the app's look, the one dialog primitive (decision 0601): focus goes back to
// whatever opened it (Radix returns it only to a Dialog.Trigger), or to `fallbackFocus`. Every
// dialog must have a title (DialogTitle) and a description or aria-describedby.
import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

export const DialogContent = forwardRef<
  HTMLDivElement,
  ComponentPropsWithoutRef<typeof D.Content> & {
    children: ReactNode;
    zIndex?: number;
    hideClose?: boolean;
    /** Where focus goes on close when the opener is no longer in the page. */
    fallbackFocus?: () => HTMLElement | null;
  }
>(function DialogContent(
  { className, children, zIndex = 50, hideClose, style, onOpenAutoFocus, onCloseAutoFocus, fallbackFocus, ...props },
  ref,
) {
  const { t } = useTranslation('common');
  const opener = useRef<HTMLElement | null>(null);
  return (
    <D.Portal>
      <D.Overlay className="fixed inset-0 bg-black/50" style={{ zIndex }} />
      <D.Content
        ref={ref}
        className={cn(
          'fixed left-1/2 top-1/2 max-h-[90vh] w-[calc(100vw-1.5rem)] max-w-lg -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-lg bg-white p-5 shadow-xl focus:outline-none sm:p-6',
          className,
        )}
        style={{ zIndex, ...style }}
        onOpenAutoFocus={(e) => {
          // Called as the dialog mounts, before focus moves into it: focus is still on the opener.
          const active = document.activeElement;
          opener.current = active instanceof HTMLElement && active !== document.body ? active : null;
          onOpenAutoFocus?.(e);
        }}
        onCloseAutoFocus={(e) => {
          onCloseAutoFocus?.(e);
          if (e.defaultPrevented) return; // the dialog placed focus itself
          e.preventDefault();
          const target = opener.current?.isConnected ? opener.current : fallbackFocus?.();
          opener.current = null;
          target?.focus();
        }}
        {...props}
      >
        {children}
        {!hideClose && (
          <D.Close
            className="absolute right-3 top-3 inline-flex h-9 w-9 items-center justify-center rounded-md text-gray-600 hover:bg-gray-100 hover:text-gray-900"
            aria-label={t('dialog.close')}
          >
            <X aria-hidden="true" className="h-5 w-5" />
          </D.Close>
        )}
      </D.Content>
    </D.Portal>
  );
});

export const DialogTitle = forwardRef<HTMLHeadingElement, ComponentPropsWithoutRef<typeof D.Title>>(
  function DialogTitle({ className, ...props }, ref) {
    return <D.Title ref={ref} className={cn('pr-10 text-xl font-semibold text-gray-900', className)} {...props} />;
  },
);

export const DialogDescription = forwardRef<HTMLParagraphElement, ComponentPropsWithoutRef<typeof D.Description>>(
  function DialogDescription({ className, ...props }, ref) {
    return <D.Description ref={ref} className={cn('mt-1 text-sm text-gray-700', className)} {...props} />;
  },
);
