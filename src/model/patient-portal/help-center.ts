/** Kits §2 "Patient portal routes": /help-center shows the support site in a frame (by default the portal's own /help/). */
export const HelpCenterText = {
  title: 'Help Center',
  /** The frame's accessible name. */
  frame: 'Help Center',
  /** A site may refuse to be framed; the browser then shows nothing the page can detect, so the way out is always there. */
  openInNewTab: 'Open Help Center in a new tab',
} as const;
