/** Toasts asked for by machines and shown by the view layer: machines stay free of UI code. */

export type ToastKind = 'success' | 'error';
export interface Toast {
  readonly kind: ToastKind;
  readonly text: string;
}

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();

export const notify = {
  success(text: string) {
    listeners.forEach((listener) => listener({ kind: 'success', text }));
  },
  error(text: string) {
    listeners.forEach((listener) => listener({ kind: 'error', text }));
  },
  subscribe(listener: Listener): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};
