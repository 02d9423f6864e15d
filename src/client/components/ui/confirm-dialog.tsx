// A question that must be answered before something cannot be undone (discarding a form, deleting
// a place): Radix AlertDialog, so focus moves into it, Escape or the cancel button keeps things as
// they were, and focus returns to what opened it.
import { AlertDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './button';

export interface ConfirmDialogProps {
  title: string;
  description: string;
  cancelLabel: string;
  confirmLabel: string;
  onConfirm(): void;
  /** The button that opens it (uncontrolled), or `open` and `onOpenChange` (controlled). */
  trigger?: ReactNode;
  open?: boolean;
  onOpenChange?(open: boolean): void;
  /** Above another dialog when it asks on that dialog's behalf. */
  zIndex?: number;
  testId?: string;
}

export function ConfirmDialog(p: ConfirmDialogProps) {
  const layer = { zIndex: p.zIndex ?? 50 };
  return (
    <AlertDialog.Root open={p.open} onOpenChange={p.onOpenChange}>
      {p.trigger && <AlertDialog.Trigger asChild>{p.trigger}</AlertDialog.Trigger>}
      <AlertDialog.Portal>
        <AlertDialog.Overlay className="fixed inset-0 bg-black/40" style={layer} />
        <AlertDialog.Content
          className="fixed left-1/2 top-1/2 w-[calc(100vw-2rem)] max-w-sm -translate-x-1/2 -translate-y-1/2 rounded-lg bg-white p-5 shadow-xl focus:outline-none"
          style={layer}
          data-testid={p.testId}
        >
          <AlertDialog.Title className="text-lg font-semibold text-gray-900">{p.title}</AlertDialog.Title>
          <AlertDialog.Description className="mt-1 text-sm text-gray-700">{p.description}</AlertDialog.Description>
          <div className="mt-4 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel asChild>
              <Button variant="secondary">{p.cancelLabel}</Button>
            </AlertDialog.Cancel>
            <AlertDialog.Action asChild>
              <Button variant="destructive" onClick={p.onConfirm}>
                {p.confirmLabel}
              </Button>
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
