// Radix Dialog with the app's look. Radix traps focus, closes on Escape and returns focus to the
// opener; every dialog must have a title (DialogTitle) and a description or aria-describedby.
import { X } from 'lucide-react';
import { Dialog as D } from 'radix-ui';
import { type ComponentPropsWithoutRef, forwardRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';

export const Dialog = D.Root;
export const DialogTrigger = D.Trigger;
export const DialogClose = D.Close;

export const DialogContent = forwardRef<
  HTMLDivElement,
  ComponentPropsWithoutRef<typeof D.Content> & { children: ReactNode; zIndex?: number; hideClose?: boolean }
>(function DialogContent({ className, children, zIndex = 50, hideClose, style, ...props }, ref) {
  const { t } = useTranslation('common');
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
