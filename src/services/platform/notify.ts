import { TOAST_DURATION_MS } from '../../model/constants';

/**
 * Toasts asked for by machines and shown by the view layer: machines stay free of UI code. The toaster's code
 * loads with the first toast (views/shell/toast-host.tsx), so a toast asked for while nothing listens waits for
 * it, for as long as it would have shown.
 */

export type ToastKind = 'success' | 'error';
export interface Toast {
  readonly kind: ToastKind;
  readonly text: string;
}

type Listener = (toast: Toast) => void;
const listeners = new Set<Listener>();
const clearListeners = new Set<() => void>();
const waitingListeners = new Set<() => void>();

/** Toasts asked for while no listener was there, with when; one older than its display time is dropped. */
let waiting: { readonly toast: Toast; readonly at: number }[] = [];

const stillWaiting = () => {
  const now = Date.now();
  waiting = waiting.filter((entry) => now - entry.at < TOAST_DURATION_MS);
  return waiting;
};

function show(toast: Toast): void {
  if (listeners.size > 0) {
    listeners.forEach((listener) => listener(toast));
    return;
  }
  waiting = [...stillWaiting(), { toast, at: Date.now() }];
  waitingListeners.forEach((listener) => listener());
}

export interface SubscribeOptions {
  /** How the toaster hears `clear()`: it removes what it shows. */
  readonly onClear?: () => void;
  /** Shows at once the toasts that waited for a listener (the toaster, whose code came with the first of them). */
  readonly replay?: boolean;
}

/** A toast that must outlive a page reload (switching account reloads the page) waits here. */
const PENDING_KEY = 'portal-pending-toast';

export const notify = {
  success(text: string) {
    show({ kind: 'success', text });
  },
  error(text: string) {
    show({ kind: 'error', text });
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
    if (pending) show(pending);
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
    waiting = [];
    clearListeners.forEach((listener) => listener());
  },
  subscribe(listener: Listener, { onClear, replay = false }: SubscribeOptions = {}): () => void {
    listeners.add(listener);
    if (onClear) clearListeners.add(onClear);
    if (replay) {
      const shown = stillWaiting();
      waiting = [];
      shown.forEach(({ toast }) => listener(toast));
    }
    return () => {
      listeners.delete(listener);
      if (onClear) clearListeners.delete(onClear);
    };
  },
  /** Calls `onWaiting` when a toast waits for a listener, at once if one does already: the cue to load the toaster. */
  whenWaiting(onWaiting: () => void): () => void {
    waitingListeners.add(onWaiting);
    if (stillWaiting().length > 0) onWaiting();
    return () => waitingListeners.delete(onWaiting);
  },
};
