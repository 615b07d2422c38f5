import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js's own copies of the standard fonts, which the reports use, so that it measures their text as drawn. */
const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/**
 * A PDF as a reader's software sees it, through pdf.js: the text of every page (items joined by single spaces, so
 * that a line broken in the drawing reads as one), whether the file says it is tagged, and the roles of its
 * structure tree.
 */
export interface PdfReading {
  readonly pages: number;
  readonly text: string;
  readonly firstPageText: string;
  readonly marked: boolean;
  readonly roles: ReadonlySet<string>;
}

interface StructNode {
  readonly role?: string;
  readonly children?: readonly StructNode[];
}

function collectRoles(node: StructNode | null | undefined, into: Set<string>): void {
  if (!node) return;
  if (node.role) into.add(node.role);
  for (const child of node.children ?? []) collectRoles(child, into);
}

/** Whitespace as one space, and compatibility characters as their plain form (the micro sign the fonts draw reads as mu). */
const squeeze = (text: string) => text.normalize('NFKC').replace(/\s+/g, ' ').trim();

/**
 * The items of a page as one text: separate items apart by a space, except where a line was broken after a dash,
 * which a reader reads on ("2.0–" then "10.0" is "2.0–10.0").
 */
function pageText(items: readonly unknown[]): string {
  let text = '';
  let lineEnded = false;
  for (const item of items) {
    if (typeof item !== 'object' || item === null || !('str' in item) || typeof item.str !== 'string') continue;
    const joinOn = lineEnded && /[–-]$/.test(text.trimEnd());
    text = joinOn ? `${text.trimEnd()}${item.str}` : `${text} ${item.str}`;
    if (item.str.trim()) lineEnded = false;
    if ('hasEOL' in item && item.hasEOL === true) lineEnded = true;
  }
  return squeeze(text);
}

export async function readPdf(bytes: Uint8Array): Promise<PdfReading> {
  const pdf = await getDocument({
    data: new Uint8Array(bytes),
    useSystemFonts: false,
    isEvalSupported: false,
    standardFontDataUrl: STANDARD_FONTS,
  }).promise;
  try {
    const texts: string[] = [];
    const roles = new Set<string>();
    for (let n = 1; n <= pdf.numPages; n += 1) {
      const page = await pdf.getPage(n);
      const content = await page.getTextContent();
      texts.push(pageText(content.items));
      collectRoles((await page.getStructTree()) as StructNode | null, roles);
    }
    const markInfo = await pdf.getMarkInfo();
    return { pages: pdf.numPages, text: texts.join(' '), firstPageText: texts[0] ?? '', marked: markInfo?.Marked === true, roles };
  } finally {
    await pdf.destroy();
  }
}

export { squeeze };
