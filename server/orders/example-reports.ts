import { ExampleReportText } from '../../src/model/orders/order-detail-texts';
import { whatsIncluded } from '../../src/model/orders/product-details';
import { escapeHtml, htmlPage } from '../http/html-page';

/**
 * The example reports the Product Details panel links to (ordering §3): demo pages, one per report number,
 * built only from the product's own catalogue data. They say they are examples and carry no medical data.
 */

export interface ExampleReportProduct {
  readonly id: number;
  readonly name: string;
  readonly description: string;
}

export function exampleReportPage(product: ExampleReportProduct, report: number, count: number): string {
  const title = ExampleReportText.title(product.name, report, count);
  const included = whatsIncluded(product.id);
  const list = included.length
    ? `<h2>${escapeHtml(ExampleReportText.whatsIncluded)}</h2>\n<ul>${included.map((entry) => `<li>${escapeHtml(entry)}</li>`).join('')}</ul>`
    : '';
  return htmlPage({
    title,
    body: `<main>
<h1>${escapeHtml(title)}</h1>
<p class="notice" role="note">${escapeHtml(ExampleReportText.notice)}</p>
<dl>
<dt>${escapeHtml(ExampleReportText.product)}</dt><dd>${escapeHtml(product.name)}</dd>
<dt>${escapeHtml(ExampleReportText.description)}</dt><dd>${escapeHtml(product.description)}</dd>
</dl>
${list}
</main>`,
  });
}
