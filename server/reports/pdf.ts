import PDFDocument from 'pdfkit';
import { chartDrawing } from './chart';
import {
  ACCENT,
  BOTTOM,
  COLUMNS,
  drawShape,
  ensureRoom,
  heading,
  INK,
  MARGIN,
  OUT,
  paragraph,
  printable,
  WIDTH,
  type Pdf,
  type Struct,
} from './pdf-parts';
import type { ReportContent } from './content';
import { ReportText as T } from './texts';

/**
 * The report as a tagged PDF (pdfkit, a kept library): the same content as the HTML page, with a structure tree
 * (headings, paragraphs, a table of header and data cells, a figure with its alternative text) so that a screen
 * reader reads it in order, selectable text in the standard fonts, the chart as vector drawing, and the footer of
 * every page marked as a pagination artifact. Standard fonts only, so nothing is read from elsewhere.
 */

/**
 * Whether pdfkit can read the stored logo, tried on a scratch document first: an image that fails inside the
 * report's structure would leave its marked content open.
 */
function readable(bytes: Uint8Array, logoFailed: (error: unknown) => void): boolean {
  try {
    new PDFDocument({ size: [10, 10] }).image(Buffer.from(bytes), 0, 0, { width: 1 });
    return true;
  } catch (error) {
    logoFailed(error);
    return false;
  }
}

function letterhead(pdf: Pdf, parent: Struct, content: ReportContent, logoFailed: (error: unknown) => void): void {
  const top = MARGIN;
  if (content.logo && readable(content.logo.bytes, logoFailed)) {
    const logo = content.logo;
    parent.add(
      pdf.struct('Figure', { alt: printable(T.logo(content.practiceName)) }, () => {
        // Always the bytes, never a string: pdfkit would read a string as a file path or URL to load.
        pdf.image(Buffer.from(logo.bytes), MARGIN, top, { fit: [180, 64] });
      }),
    );
  }
  const lab = content.laboratory;
  pdf.y = top;
  parent.add(
    pdf.struct('P', {}, () => {
      pdf
        .font('Helvetica-Bold')
        .fontSize(11)
        .fillColor(INK)
        .text(printable(lab.name), MARGIN + 200, top, { width: WIDTH - 200, align: 'right' });
      pdf.font('Helvetica').fontSize(8);
      for (const line of [lab.address, lab.accreditation, lab.director, lab.phone])
        pdf.text(printable(line), { width: WIDTH - 200, align: 'right' });
    }),
  );
  const bottom = Math.max(pdf.y, top + 64) + 6;
  pdf.markContent('Artifact', { type: 'Layout' });
  pdf
    .moveTo(MARGIN, bottom)
    .lineTo(MARGIN + WIDTH, bottom)
    .lineWidth(1.5)
    .strokeColor(ACCENT)
    .stroke();
  pdf.endMarkedContent();
  pdf.x = MARGIN;
  pdf.y = bottom + 12;
}

function identification(pdf: Pdf, parent: Struct, content: ReportContent): void {
  heading(pdf, parent, 'H2', T.identification, 13);
  const half = WIDTH / 2;
  const pairs = content.identification;
  for (let i = 0; i < pairs.length; i += 2) {
    const y = pdf.y;
    let bottom = y;
    for (const [column, pair] of [pairs[i], pairs[i + 1]].entries()) {
      if (!pair) continue;
      const x = MARGIN + column * half;
      parent.add(
        pdf.struct('P', {}, () => {
          pdf
            .font('Helvetica-Bold')
            .fontSize(9.5)
            .fillColor(INK)
            .text(`${printable(pair[0])}: `, x, y, { width: half - 10, continued: true });
          pdf.font('Helvetica').text(printable(pair[1]));
        }),
      );
      bottom = Math.max(bottom, pdf.y);
    }
    pdf.y = bottom + 2;
  }
  pdf.moveDown(0.6);
}

function chart(pdf: Pdf, parent: Struct, content: ReportContent): void {
  if (!content.chart) return;
  const drawing = chartDrawing(content.chart, WIDTH);
  ensureRoom(pdf, drawing.height + 30);
  heading(pdf, parent, 'H3', drawing.title, 11);
  const top = pdf.y;
  parent.add(
    pdf.struct('Figure', { alt: printable(`${drawing.title}. ${drawing.description}`) }, () => {
      for (const shape of drawing.shapes) drawShape(pdf, shape, MARGIN, top);
    }),
  );
  pdf.x = MARGIN;
  pdf.y = top + drawing.height + 4;
  paragraph(pdf, parent, drawing.description, 8.5);
}

function row(pdf: Pdf, table: Struct, cells: readonly string[], header: boolean, out = false): void {
  pdf.font(header ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
  const heights = cells.map((cell, i) => pdf.heightOfString(printable(cell), { width: (COLUMNS[i] ?? 60) - 8 }));
  const height = Math.max(...heights) + 7;
  ensureRoom(pdf, height);
  const y = pdf.y;
  const tr = pdf.struct('TR');
  table.add(tr);
  let x = MARGIN;
  cells.forEach((cell, i) => {
    const width = COLUMNS[i] ?? 60;
    const bold = header || i === 0 || (out && (i === 1 || i === 4));
    tr.add(
      pdf.struct(header || i === 0 ? 'TH' : 'TD', {}, () => {
        pdf
          .font(bold ? 'Helvetica-Bold' : 'Helvetica')
          .fontSize(9)
          .fillColor(out && (i === 1 || i === 4) ? OUT : INK)
          .text(printable(cell), x + 4, y + 4, { width: width - 8 });
      }),
    );
    x += width;
  });
  tr.end();
  pdf.markContent('Artifact', { type: 'Layout' });
  pdf
    .moveTo(MARGIN, y + height)
    .lineTo(MARGIN + WIDTH, y + height)
    .lineWidth(header ? 1 : 0.5)
    .strokeColor('#8c8c8c')
    .stroke();
  pdf.endMarkedContent();
  pdf.x = MARGIN;
  pdf.y = y + height;
}

function results(pdf: Pdf, parent: Struct, content: ReportContent): void {
  heading(pdf, parent, 'H2', T.results, 13);
  chart(pdf, parent, content);
  for (const section of content.sections) {
    ensureRoom(pdf, 60);
    heading(pdf, parent, 'H3', section.heading, 11);
    const table = pdf.struct('Table');
    parent.add(table);
    row(pdf, table, T.columns, true);
    for (const result of section.rows) {
      row(
        pdf,
        table,
        [result.name, result.value, result.unit, result.range, result.flag],
        false,
        result.position === 'below' || result.position === 'above',
      );
    }
    table.end();
    pdf.moveDown(0.8);
  }
}

/** The footer of every page: the demo notice and the page number, marked as pagination so that it is not read as content. */
function footers(pdf: Pdf, content: ReportContent): void {
  const { start, count } = pdf.bufferedPageRange();
  for (let i = start; i < start + count; i += 1) {
    pdf.switchToPage(i);
    const bottom = pdf.page.margins.bottom;
    pdf.page.margins.bottom = 0;
    pdf.markContent('Artifact', { type: 'Pagination' });
    pdf.font('Helvetica').fontSize(7.5).fillColor('#3d3d3d');
    pdf.text(printable(content.footer), MARGIN, pdf.page.height - BOTTOM + 18, { width: WIDTH - 70 });
    pdf.text(T.page(i - start + 1, count), MARGIN + WIDTH - 60, pdf.page.height - BOTTOM + 18, { width: 60, align: 'right' });
    pdf.endMarkedContent();
    pdf.page.margins.bottom = bottom;
  }
}

/**
 * Renders the report. `createdAt` is the server's clock, so that a test's clock decides the file's date;
 * `logoFailed` hears of a stored logo the PDF writer cannot read, and the document goes on without it.
 */
export function reportPdf(content: ReportContent, createdAt: Date, logoFailed: (error: unknown) => void): Promise<Uint8Array> {
  const kit = content.barcode;
  const pdf = new PDFDocument({
    size: 'LETTER',
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: BOTTOM },
    lang: 'en-US',
    tagged: true,
    pdfVersion: '1.7',
    displayTitle: true,
    bufferPages: true,
    info: {
      Title: printable(`${content.title} · ${kit}`),
      Subject: printable(kit),
      Author: printable(content.laboratory.name),
      CreationDate: createdAt,
      ModDate: createdAt,
    },
  });
  const chunks: Buffer[] = [];
  const done = new Promise<Uint8Array>((resolve, reject) => {
    pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
    pdf.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks))));
    pdf.on('error', reject);
  });
  const document = pdf.struct('Document');
  pdf.addStructure(document);
  letterhead(pdf, document, content, logoFailed);
  heading(pdf, document, 'H1', content.title, 20);
  paragraph(pdf, document, content.legacy ? `${content.subtitle} · ${T.legacy}` : content.subtitle, 12);
  identification(pdf, document, content);
  results(pdf, document, content);
  heading(pdf, document, 'H2', T.interpretation, 13);
  for (const result of content.sections.flatMap((section) => section.rows)) {
    ensureRoom(pdf, 50);
    heading(pdf, document, 'H3', result.name, 10);
    paragraph(pdf, document, result.interpretation, 9.5);
  }
  heading(pdf, document, 'H2', T.method, 13);
  paragraph(pdf, document, content.method);
  heading(pdf, document, 'H2', T.limitations, 13);
  paragraph(pdf, document, content.limitations);
  document.end();
  footers(pdf, content);
  pdf.end();
  return done;
}
