/** The system clipboard as an adapter: machines copy through it, tests provide another. */
export const clipboard = {
  /**
   * Rejects when the browser offers no clipboard (a page that is not a secure context) or refuses the write
   * (no permission, the page not focused), so that a copy that did not happen never says it did.
   */
  async write(text: string): Promise<void> {
    if (typeof navigator === 'undefined' || !navigator.clipboard) throw new Error('The clipboard is not available');
    await navigator.clipboard.writeText(text);
  },
};
