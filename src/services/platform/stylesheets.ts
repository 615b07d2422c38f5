/**
 * Applies the stylesheets index.html only preloads (scripts/build/deferred-stylesheets.ts) and resolves once each
 * has loaded or failed: the app renders after that, never unstyled. A failed sheet does not stop the app, which is
 * still usable without it.
 */
export function applyPreloadedStylesheets(doc: Document = document): Promise<void> {
  const preloads = [...doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"]')];
  return Promise.all(
    preloads.map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = doc.createElement('link');
          sheet.rel = 'stylesheet';
          if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
          sheet.href = preload.href;
          sheet.addEventListener('load', () => resolve(), { once: true });
          sheet.addEventListener('error', () => resolve(), { once: true });
          doc.head.append(sheet);
        }),
    ),
  ).then(() => undefined);
}
