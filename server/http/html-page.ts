/**
 * The standalone HTML pages the server answers itself (a kit's report, a product's example report): escaped text
 * only, nothing fetched, readable in light and dark colour schemes with contrast above 4.5:1 in both.
 */

/** Text for HTML: the five characters that could end an element or an attribute, escaped. */
export function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** The page and its notice (what the document is not) in both colour schemes. */
const STYLE = `
:root { color-scheme: light dark; }
body { font-family: system-ui, sans-serif; max-width: 42rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5;
  background: #ffffff; color: #1f1f1f; }
.notice { border: 2px solid #8a5a00; border-radius: 6px; padding: 0.75rem 1rem; background: #fff8e6; color: #3d2800; }
@media (prefers-color-scheme: dark) {
  body { background: #141414; color: #f0f0f0; }
  .notice { border-color: #d8a63a; background: #2b2111; color: #ffe7ba; }
}`;

/** A whole page: `title` is text (escaped here), `body` is HTML already escaped, `style` the page's own rules. */
export function htmlPage({ title, body, style = '' }: { title: string; body: string; style?: string }): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
<style>${STYLE}${style}</style>
</head>
<body>
${body}
</body>
</html>
`;
}
