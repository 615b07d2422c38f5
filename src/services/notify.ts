/** Toasts asked for by machines and shown by the view layer: machines stay free of UI code. */

export type ToastKind = 'success' | 'error';
export interface Toast {
  readonly kind: ToastKind;
  readonly text: string;
}

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();
const clearListeners = new Set<() => void>();

/** A toast that must outlive a page reload (switching account reloads the page) waits here. */
const PENDING_KEY = 'portal-pending-toast';

export const notify = {
  success(text: string) {
    listeners.forEach((listener) => listener({ kind: 'success', text }));
  },
  error(text: string) {
    listeners.forEach((listener) => listener({ kind: 'error', text }));
  },
  /** Shows the toast on the next page load, for an action that ends by reloading the page. */
  successAfterReload(text: string) {
    window.sessionStorage.setItem(PENDING_KEY, JSON.stringify({ kind: 'success', text } satisfies Toast));
  },
  /**
   * Shows the toast a reload left waiting, once. The portal's layout calls it when it first renders: a toast shown
   * as the app starts would run out its 3 s while a slow phone still loads the page it is about.
   */
  releasePending() {
    const pending = notify.takePending();
    if (pending) listeners.forEach((listener) => listener(pending));
  },
  /** The toast a reload left waiting, handed over once. */
  takePending(): Toast | null {
    const raw = window.sessionStorage.getItem(PENDING_KEY);
    window.sessionStorage.removeItem(PENDING_KEY);
    if (!raw) return null;
    try {
      const toast = JSON.parse(raw) as Partial<Toast>;
      return (toast.kind === 'success' || toast.kind === 'error') && typeof toast.text === 'string'
        ? { kind: toast.kind, text: toast.text }
        : null;
    } catch {
      return null;
    }
  },
  /**
   * Takes away every toast of the session, shown or waiting for a reload: a session that ends, by sign-out
   * or refusal, leaves nothing of itself beside what the next page says (access §4).
   */
  clear() {
    window.sessionStorage.removeItem(PENDING_KEY);
    clearListeners.forEach((listener) => listener());
  },
  /** `onClear` is how the toaster hears `clear()`: it removes what it shows. */
  subscribe(listener: Listener, onClear?: () => void): () => void {
    listeners.add(listener);
    if (onClear) clearListeners.add(onClear);
    return () => {
      listeners.delete(listener);
      if (onClear) clearListeners.delete(onClear);
    };
  },
};
