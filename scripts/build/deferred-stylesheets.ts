import type { Plugin } from 'vite';

/**
 * The build's stylesheets in index.html become preloads: fetched at once, at the same priority, but without holding
 * back the page's first paint, the HTML's own loading status (a render-blocking stylesheet kept it off the screen
 * for a round trip more on a phone). The app applies them before its first render (src/services/platform/stylesheets.ts),
 * so nothing of the app is ever drawn unstyled.
 */
export function deferredStylesheets(): Plugin {
  return {
    name: 'deferred-stylesheets',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        return html.replace(/<link rel="stylesheet"((?: crossorigin)? href="[^"]+\.css")>/g, '<link rel="preload" as="style"$1>');
      },
    },
  };
}
