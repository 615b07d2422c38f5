import { escapeHtml, htmlPage } from '../http/html-page';
import type { HelpBlock, HelpPage } from './help-content';

/**
 * Issue 41 item 4: a help page as a whole HTML document. Every word is escaped; there is no script. A list of
 * topics (a navigation landmark) sits above the page's own content (main), each page one heading level 1, so a
 * screen reader can move between topics and sections. Links between pages are relative to /help/.
 */

export const HELP_BASE = '/help/';

export const hrefOf = (page: Pick<HelpPage, 'slug'>) => `${HELP_BASE}${page.slug}`;

/** Links in both colour schemes above 4.5:1, the topics list and the tables readable on a phone. */
const STYLE = `
a { color: #0b57d0; }
nav ul { list-style: none; padding: 0; display: flex; flex-wrap: wrap; gap: 0.25rem 1rem; }
nav a[aria-current="page"] { font-weight: 600; text-decoration: none; }
.summary { margin-top: 0; }
table { border-collapse: collapse; width: 100%; margin: 1rem 0; }
caption { text-align: left; font-weight: 600; padding-bottom: 0.5rem; }
th, td { border: 1px solid #8c8c8c; padding: 0.5rem; text-align: left; vertical-align: top; }
@media (prefers-color-scheme: dark) {
  a { color: #8ab4f8; }
}`;

function block(part: HelpBlock, pages: readonly HelpPage[]): string {
  switch (part.kind) {
    case 'paragraph':
      return `<p>${escapeHtml(part.text)}</p>`;
    case 'heading':
      return `<h2>${escapeHtml(part.text)}</h2>`;
    case 'list':
      return `<ul>${part.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
    case 'table': {
      const head = part.head.map((cell) => `<th scope="col">${escapeHtml(cell)}</th>`).join('');
      const rows = part.rows
        .map(
          ([first = '', ...rest]) =>
            `<tr><th scope="row">${escapeHtml(first)}</th>${rest.map((cell) => `<td>${escapeHtml(cell)}</td>`).join('')}</tr>`,
        )
        .join('');
      return `<table><caption>${escapeHtml(part.caption)}</caption><thead><tr>${head}</tr></thead><tbody>${rows}</tbody></table>`;
    }
    case 'see': {
      const target = pages.find((page) => page.slug === part.page);
      return target ? `<p>See also: <a href="${escapeHtml(hrefOf(target))}">${escapeHtml(part.text)}</a></p>` : '';
    }
    case 'mail':
      return `<p>${escapeHtml(part.label)}: <a href="mailto:${escapeHtml(part.address)}">${escapeHtml(part.address)}</a></p>`;
  }
}

/** The page, with the topics above it; the index also lists every topic with its one-line summary. */
export function renderHelpPage(page: HelpPage, pages: readonly HelpPage[]): string {
  const topics = pages
    .map((other) => {
      const current = other.slug === page.slug ? ' aria-current="page"' : '';
      return `<li><a href="${escapeHtml(hrefOf(other))}"${current}>${escapeHtml(other.title)}</a></li>`;
    })
    .join('');
  const index =
    page.slug === ''
      ? `<ul>${pages
          .filter((other) => other.slug !== '')
          .map((other) => `<li><a href="${escapeHtml(hrefOf(other))}">${escapeHtml(other.title)}</a>: ${escapeHtml(other.summary)}</li>`)
          .join('')}</ul>`
      : '';
  const body = `<header><nav aria-label="Help topics"><ul>${topics}</ul></nav></header>
<main>
<h1>${escapeHtml(page.title)}</h1>
<p class="summary">${escapeHtml(page.summary)}</p>
${page.blocks.map((part) => block(part, pages)).join('\n')}
${index}
</main>`;
  return htmlPage({ title: `${page.title} · Help`, body, style: STYLE });
}
