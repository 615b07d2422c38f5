/**
 * Issue 42: whether the browser says it is online, and when that changes. A lost connection does not fail the
 * analysis upload: the page says so, and the upload continues as soon as the browser is back online.
 */

export function isOnline(): boolean {
  return typeof navigator === 'undefined' || navigator.onLine !== false;
}

/** Calls `changed` on every 'online' and 'offline' event of the window; the returned function stops listening. */
export function watchConnection(changed: (online: boolean) => void): () => void {
  if (typeof window === 'undefined') return () => undefined;
  const online = () => changed(true);
  const offline = () => changed(false);
  window.addEventListener('online', online);
  window.addEventListener('offline', offline);
  return () => {
    window.removeEventListener('online', online);
    window.removeEventListener('offline', offline);
  };
}
