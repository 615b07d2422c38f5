import { ExampleReportText } from '../../src/model/orders/order-detail-texts';
import { whatsIncluded } from '../../src/model/orders/product-details';

/**
 * The example reports the Product Details panel links to (ordering §3): demo pages, one per report number,
 * built only from the product's own catalogue data. They say they are examples and carry no medical data.
 */

export interface ExampleReportProduct {
  readonly id: number;
  readonly name: string;
  readonly description: string;
}

function escapeHtml(text: string): string {
  return text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&#39;');
}

/** Readable in light and dark colour schemes, with contrast above 4.5:1 in both. */
const STYLE = `
:root { color-scheme: light dark; }
body { font-family: system-ui, sans-serif; max-width: 42rem; margin: 2rem auto; padding: 0 1rem; line-height: 1.5;
  background: #ffffff; color: #1f1f1f; }
.notice { border: 2px solid #8a5a00; border-radius: 6px; padding: 0.75rem 1rem; background: #fff8e6; color: #3d2800; }
@media (prefers-color-scheme: dark) {
  body { background: #141414; color: #f0f0f0; }
  .notice { border-color: #d8a63a; background: #2b2111; color: #ffe7ba; }
}`;

export function exampleReportPage(product: ExampleReportProduct, report: number, count: number): string {
  const title = escapeHtml(ExampleReportText.title(product.name, report, count));
  const included = whatsIncluded(product.id);
  const list = included.length
    ? `<h2>${escapeHtml(ExampleReportText.whatsIncluded)}</h2>\n<ul>${included.map((entry) => `<li>${escapeHtml(entry)}</li>`).join('')}</ul>`
    : '';
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>${STYLE}</style>
</head>
<body>
<main>
<h1>${title}</h1>
<p class="notice" role="note">${escapeHtml(ExampleReportText.notice)}</p>
<dl>
<dt>${escapeHtml(ExampleReportText.product)}</dt><dd>${escapeHtml(product.name)}</dd>
<dt>${escapeHtml(ExampleReportText.description)}</dt><dd>${escapeHtml(product.description)}</dd>
</dl>
${list}
</main>
</body>
</html>
`;
}
