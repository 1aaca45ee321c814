import { create } from 'zustand';
import { devtools, devtoolsOptions } from '../state/devtoolsOptions';

export type ToastType = 'success' | 'info' | 'warning' | 'danger';

export interface Toast {
  id: number;
  type: ToastType;
  title: string;
  message: string;
  /** A second, smaller line: the request id of a failed call ("Fehler-ID: …"), for support. */
  detail?: string;
}

/** Spec section 9: success, info and warning stay 5 s, danger 30 s. */
export const TOAST_SECONDS: Record<ToastType, number> = { success: 5, info: 5, warning: 5, danger: 30 };

interface ToastState {
  toasts: Toast[];
  show(toast: Omit<Toast, 'id'>): number;
  dismiss(id: number): void;
}

let nextId = 1;

export const useToastStore = create<ToastState>()(
  devtools(
    (set, get) => ({
      toasts: [],
      show(toast) {
        const id = nextId++;
        // The same message twice in a row (e.g. several failing calls) is shown once.
        const duplicate = get().toasts.find((item) => item.message === toast.message && item.type === toast.type);
        if (duplicate) return duplicate.id;
        set((state) => ({ toasts: [...state.toasts, { ...toast, id }] }), false, 'show');
        setTimeout(() => get().dismiss(id), TOAST_SECONDS[toast.type] * 1000);
        return id;
      },
      dismiss(id) {
        set((state) => ({ toasts: state.toasts.filter((item) => item.id !== id) }), false, 'dismiss');
      },
    }),
    devtoolsOptions('toasts'),
  ),
);

export function showToast(toast: Omit<Toast, 'id'>): number {
  return useToastStore.getState().show(toast);
}
