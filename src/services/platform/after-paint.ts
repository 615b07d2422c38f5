/** A page that is hidden draws no frames; past this the wait ends anyway, so that work never stalls there. */
const HIDDEN_PAGE_WAIT_MS = 100;

/**
 * Resolves once the browser has painted the frame that the current event changed: at the next animation frame, then
 * one task later, which runs after that frame's paint. For work the user does not wait to see at once (a request
 * whose answer comes later anyway), so that it is not done inside the frame that shows what they just did.
 */
export function afterNextPaint(): Promise<void> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(fallback);
      resolve();
    };
    const fallback = setTimeout(finish, HIDDEN_PAGE_WAIT_MS);
    requestAnimationFrame(() => setTimeout(finish, 0));
  });
}
