import { escapeHtml as e, htmlPage } from '../http/html-page';
import { chartDrawing, type ChartDrawing, type Shape } from './chart';
import type { ReportContent } from './content';
import { ReportText as T } from './texts';

/**
 * The report as an HTML page: every text escaped, no script, nothing fetched (the logo is a data: image and the
 * chart inline SVG), so that the page's Content-Security-Policy can forbid everything else.
 */

const CHART_WIDTH = 640;

const STYLE = `
body { max-width: 50rem; }
.letterhead { display: flex; justify-content: space-between; align-items: flex-start; gap: 1.5rem; border-bottom: 2px solid #1f5f99; padding-bottom: 0.75rem; }
.letterhead img { max-width: 14rem; max-height: 5rem; }
.lab { text-align: right; font-size: 0.85rem; }
.lab strong { font-size: 1rem; }
h1 { margin: 1rem 0 0; font-size: 1.6rem; }
.subtitle { margin: 0 0 0.5rem; font-size: 1.1rem; }
.legacy { display: inline-block; border: 1px solid currentColor; border-radius: 4px; padding: 0 0.4rem; font-size: 0.85rem; }
dl.identification { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: 0.25rem 1rem; }
dl.identification dt { font-weight: 600; }
dl.identification dd { margin: 0; }
figure { margin: 1rem 0; }
figure svg { width: 100%; height: auto; background: #ffffff; border-radius: 4px; }
table { border-collapse: collapse; width: 100%; margin: 0.5rem 0 1rem; font-size: 0.9rem; }
caption { text-align: left; font-weight: 600; font-size: 1.05rem; padding: 0.5rem 0; }
th, td { text-align: left; padding: 0.3rem 0.5rem; border-bottom: 1px solid #8c8c8c; vertical-align: top; }
td.out { font-weight: 600; }
.interpretation h3 { font-size: 1rem; margin: 0.75rem 0 0.1rem; }
.interpretation p { margin: 0; }
footer { margin-top: 2rem; border-top: 1px solid #8c8c8c; padding-top: 0.5rem; font-size: 0.85rem; }`;

const attributes = (shape: Shape): string => {
  switch (shape.kind) {
    case 'rect':
      return `<rect x="${shape.x}" y="${shape.y}" width="${Math.max(0, shape.w)}" height="${shape.h}" fill="${shape.fill}"/>`;
    case 'line':
      return `<line x1="${shape.x1}" y1="${shape.y1}" x2="${shape.x2}" y2="${shape.y2}" stroke="${shape.stroke}" stroke-width="1.5"${shape.dash ? ' stroke-dasharray="4 3"' : ''}/>`;
    case 'circle':
      return `<circle cx="${shape.cx}" cy="${shape.cy}" r="${shape.r}" fill="${shape.fill}"/>`;
    case 'text':
      return `<text x="${shape.x}" y="${shape.y}" text-anchor="${shape.anchor}" font-size="${shape.size}" fill="${shape.fill}">${e(shape.text)}</text>`;
  }
};

function svg(drawing: ChartDrawing): string {
  return `<figure>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${drawing.width} ${drawing.height}" role="img" aria-labelledby="chart-title chart-description" font-family="Helvetica, Arial, sans-serif">
<title id="chart-title">${e(drawing.title)}</title>
<desc id="chart-description">${e(drawing.description)}</desc>
${drawing.shapes.map(attributes).join('\n')}
</svg>
<figcaption>${e(drawing.title)}. ${e(drawing.description)}</figcaption>
</figure>`;
}

function letterhead(content: ReportContent): string {
  const logo = content.logo
    ? `<img src="data:${content.logo.contentType};base64,${Buffer.from(content.logo.bytes).toString('base64')}" alt="${e(T.logo(content.practiceName))}">`
    : '<span></span>';
  const lab = content.laboratory;
  return `<header class="letterhead">${logo}
<p class="lab"><strong>${e(lab.name)}</strong><br>${e(lab.address)}<br>${e(lab.accreditation)}<br>${e(lab.director)}<br>${e(lab.phone)}</p>
</header>`;
}

function tables(content: ReportContent): string {
  const head = `<tr>${T.columns.map((column) => `<th scope="col">${e(column)}</th>`).join('')}</tr>`;
  return content.sections
    .map((section) => {
      const rows = section.rows
        .map((row) => {
          const out = row.position === 'below' || row.position === 'above' ? ' class="out"' : '';
          return `<tr><th scope="row">${e(row.name)}</th><td${out}>${e(row.value)}</td><td>${e(row.unit)}</td><td>${e(row.range)}</td><td${out}>${e(row.flag)}</td></tr>`;
        })
        .join('\n');
      return `<table>\n<caption>${e(section.heading)}</caption>\n<thead>${head}</thead>\n<tbody>\n${rows}\n</tbody>\n</table>`;
    })
    .join('\n');
}

export function reportHtml(content: ReportContent): string {
  const identification = content.identification.map(([label, value]) => `<dt>${e(label)}</dt><dd>${e(value)}</dd>`).join('\n');
  const interpretation = content.sections
    .flatMap((section) => section.rows)
    .map((row) => `<h3>${e(row.name)}</h3>\n<p>${e(row.interpretation)}</p>`)
    .join('\n');
  const kit = content.barcode;
  return htmlPage({
    title: `${content.title} · ${kit}`,
    style: STYLE,
    body: `${letterhead(content)}
<main>
<h1>${e(content.title)}</h1>
<p class="subtitle">${e(content.subtitle)}${content.legacy ? ` <span class="legacy">${e(T.legacy)}</span>` : ''}</p>
<section aria-labelledby="identification"><h2 id="identification">${e(T.identification)}</h2>
<dl class="identification">
${identification}
</dl></section>
<section aria-labelledby="results"><h2 id="results">${e(T.results)}</h2>
${content.chart ? svg(chartDrawing(content.chart, CHART_WIDTH)) : ''}
${tables(content)}
</section>
<section class="interpretation" aria-labelledby="interpretation"><h2 id="interpretation">${e(T.interpretation)}</h2>
${interpretation}
</section>
<section aria-labelledby="method"><h2 id="method">${e(T.method)}</h2><p>${e(content.method)}</p></section>
<section aria-labelledby="limitations"><h2 id="limitations">${e(T.limitations)}</h2><p>${e(content.limitations)}</p></section>
</main>
<footer><p class="notice" role="note">${e(content.footer)}</p></footer>`,
  });
}
