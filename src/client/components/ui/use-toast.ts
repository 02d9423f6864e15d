// The toast store (docs/product.md section 2, "Notifications"): at most one visible, a new one replaces
// the previous, a dismissed one is removed after 1,000,000 ms. Usable outside React too.
import { useEffect, useState } from 'react';
import { TOAST_LIMIT, TOAST_REMOVE_DELAY_MS } from '../../../shared/constants';

export interface ToastInput {
  title?: string;
  description?: string;
  variant?: 'default' | 'destructive';
  /** Display time in ms; the provider's 5000 ms when absent. */
  duration?: number;
}

interface ToastItem extends ToastInput {
  id: string;
  open: boolean;
}

let counter = 0;
let toasts: ToastItem[] = [];
const listeners = new Set<(t: ToastItem[]) => void>();
const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function emit() {
  for (const l of listeners) l(toasts);
}

function scheduleRemoval(id: string) {
  if (removeTimers.has(id)) return;
  removeTimers.set(
    id,
    setTimeout(() => {
      removeTimers.delete(id);
      toasts = toasts.filter((t) => t.id !== id);
      emit();
    }, TOAST_REMOVE_DELAY_MS),
  );
}

export function dismissToast(id?: string) {
  toasts = toasts.map((t) => (id === undefined || t.id === id ? { ...t, open: false } : t));
  for (const t of toasts) if (!t.open) scheduleRemoval(t.id);
  emit();
}

export function toast(input: ToastInput): { id: string; dismiss: () => void } {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  const id = String(counter);
  toasts = [{ ...input, id, open: true }, ...toasts].slice(0, TOAST_LIMIT);
  emit();
  return { id, dismiss: () => dismissToast(id) };
}

export function useToast() {
  const [state, setState] = useState(toasts);
  useEffect(() => {
    listeners.add(setState);
    return () => {
      listeners.delete(setState);
    };
  }, []);
  return { toasts: state, toast, dismiss: dismissToast };
}
