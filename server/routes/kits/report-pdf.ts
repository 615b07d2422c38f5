import PDFDocument from 'pdfkit';
import { documentRows, type ReportDocument } from './report-document';
import { ReportDocumentText as T } from './texts';

/**
 * The report document as a PDF, through pdfkit (a kept library: a PDF writer is not something to write by
 * hand). The same rows as the HTML page, the practice's logo at the top. Standard fonts only, so nothing is
 * read from elsewhere; a character they cannot show is left out rather than failing the document.
 */

const MARGIN = 56;
const LOGO_BOX: [number, number] = [200, 80];
const LABEL_WIDTH = 130;

/** WinAnsi, which the standard fonts write, holds Latin-1 and a few typographic marks; anything else is dropped. */
function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u00b7]/g, '');
}

/**
 * Renders the document. `createdAt` is the server's clock, so that a test's clock decides the file's date;
 * `logoFailed` hears of a stored logo the PDF writer cannot read, and the document goes on without it.
 */
export function reportPdf(doc: ReportDocument, createdAt: Date, logoFailed: (error: unknown) => void): Promise<Uint8Array> {
  const pdf = new PDFDocument({
    size: 'LETTER',
    margin: MARGIN,
    lang: 'en-US',
    displayTitle: true,
    info: {
      Title: printable(T.title(doc.reportName, doc.barcode)),
      Subject: printable(doc.barcode),
      Author: printable(doc.practiceName),
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

  if (doc.logo) {
    try {
      // Always the bytes, never a string: pdfkit would read a string as a file path or URL to load.
      pdf.image(Buffer.from(doc.logo.bytes), MARGIN, MARGIN, { fit: LOGO_BOX });
      pdf.y = MARGIN + LOGO_BOX[1] + 16;
    } catch (error) {
      logoFailed(error);
    }
  }
  pdf
    .font('Helvetica-Bold')
    .fontSize(20)
    .fillColor('#1f1f1f')
    .text(printable(T.heading(doc.reportName)));
  pdf.moveDown(0.5);
  pdf.font('Helvetica').fontSize(10).fillColor('#3d2800').text(printable(T.notice));
  pdf.moveDown(1);
  pdf.fillColor('#1f1f1f').fontSize(12);
  for (const [label, value] of documentRows(doc)) {
    const y = pdf.y;
    pdf.font('Helvetica-Bold').text(printable(label), MARGIN, y, { width: LABEL_WIDTH });
    const labelBottom = pdf.y;
    pdf.font('Helvetica').text(printable(value), MARGIN + LABEL_WIDTH, y, { width: pdf.page.width - 2 * MARGIN - LABEL_WIDTH });
    pdf.y = Math.max(pdf.y, labelBottom) + 4;
  }
  pdf.end();
  return done;
}
