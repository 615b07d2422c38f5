/** The browser's location as an adapter: machines navigate and reload through it, tests replace it. */

export const browser = {
  /** wouter follows history.pushState/replaceState, so this moves the router too. */
  navigate(to: string, options: { replace?: boolean } = {}) {
    if (options.replace) window.history.replaceState(null, '', to);
    else window.history.pushState(null, '', to);
  },
  reload() {
    window.location.reload();
  },
};
