import type PDFDocument from 'pdfkit';
import type { Shape } from './chart';

/** The PDF report's building blocks: page geometry, colours, tagged headings and paragraphs, and chart shapes. */

export type Pdf = InstanceType<typeof PDFDocument>;
export type Struct = ReturnType<Pdf['struct']>;

export const MARGIN = 56;
export const BOTTOM = 72;
export const WIDTH = 612 - 2 * MARGIN;
export const COLUMNS = [170, 62, 72, 86, 110] as const;
export const INK = '#1f1f1f';
export const ACCENT = '#1f5f99';
export const OUT = '#a8430f';

/** WinAnsi, which the standard fonts write, holds Latin-1 and a few typographic marks; anything else is dropped. */
export function printable(text: string): string {
  return text.replace(/[^\x20-\x7e\u00a0-\u00ff\u2013\u2014\u2018\u2019\u201c\u201d\u2022\u2026\u00b7]/g, '');
}

export function ensureRoom(pdf: Pdf, height: number): void {
  if (pdf.y + height > pdf.page.height - BOTTOM) pdf.addPage();
}

export function heading(pdf: Pdf, parent: Struct, tag: 'H1' | 'H2' | 'H3', text: string, size: number): void {
  ensureRoom(pdf, size * 3);
  parent.add(
    pdf.struct(tag, {}, () => {
      pdf.font('Helvetica-Bold').fontSize(size).fillColor(INK).text(printable(text), MARGIN, pdf.y, { width: WIDTH });
    }),
  );
  pdf.moveDown(0.3);
}

export function paragraph(pdf: Pdf, parent: Struct, text: string, size = 10, color = INK): void {
  ensureRoom(pdf, size * 2.5);
  parent.add(
    pdf.struct('P', {}, () => {
      pdf.font('Helvetica').fontSize(size).fillColor(color).text(printable(text), MARGIN, pdf.y, { width: WIDTH });
    }),
  );
  pdf.moveDown(0.4);
}

export function drawShape(pdf: Pdf, shape: Shape, x0: number, y0: number): void {
  switch (shape.kind) {
    case 'rect':
      if (shape.w > 0) pdf.rect(x0 + shape.x, y0 + shape.y, shape.w, shape.h).fill(shape.fill);
      return;
    case 'line':
      pdf
        .moveTo(x0 + shape.x1, y0 + shape.y1)
        .lineTo(x0 + shape.x2, y0 + shape.y2)
        .lineWidth(1.2)
        .strokeColor(shape.stroke);
      if (shape.dash) pdf.dash(4, { space: 3 });
      pdf.stroke().undash();
      return;
    case 'circle':
      pdf.circle(x0 + shape.cx, y0 + shape.cy, shape.r).fill(shape.fill);
      return;
    case 'text': {
      const width = 200;
      const left = shape.anchor === 'start' ? shape.x : shape.anchor === 'end' ? shape.x - width : shape.x - width / 2;
      const align = shape.anchor === 'start' ? 'left' : shape.anchor === 'end' ? 'right' : 'center';
      pdf
        .font('Helvetica')
        .fontSize(shape.size)
        .fillColor(shape.fill)
        .text(printable(shape.text), x0 + left, y0 + shape.y - shape.size * 0.8, { width, align, lineBreak: false });
    }
  }
}
