/**
 * A screen's code is fetched when first shown (src/views/lazy.ts). When that fetch fails (no connection, the server
 * briefly unreachable), the screen says so and tries again; this module keeps what a second try needs and the
 * browser's word that the connection is back.
 */

/** A screen's code could not be fetched: the one failure another try of the same thing may mend. */
export class CodeLoadError extends Error {
  override readonly name = 'CodeLoadError';
  constructor(cause: unknown) {
    super('A part of the portal could not be loaded', { cause });
  }
}

/** The loads that failed, each able to start afresh: React keeps a failed lazy component failed for good. */
const failedLoads = new Set<() => void>();
/** Stylesheets that had not loaded when a load failed: the bundler would take them for loaded and not ask again. */
const unloadedSheets = new Set<HTMLLinkElement>();

export const codeLoading = {
  /** Records a failed load and how to start it afresh, with the stylesheets that failed beside it. */
  failed(restart: () => void): void {
    failedLoads.add(restart);
    for (const link of document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')) {
      if (!link.sheet) unloadedSheets.add(link);
    }
  },
  /**
   * Lets every failed load start afresh on its next render. A stylesheet that still has not loaded is taken out, so
   * that the next load adds and fetches it again; one that was only slow has loaded by now and stays.
   */
  retry(): void {
    for (const link of unloadedSheets) {
      if (!link.sheet) link.remove();
    }
    unloadedSheets.clear();
    for (const restart of failedLoads) restart();
    failedLoads.clear();
  },
};

/** The browser's word that the connection is back (the `online` event). */
export const connection = {
  onBack(listener: () => void): () => void {
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  },
};
