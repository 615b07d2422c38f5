/**
 * `npm run reports:pictures`: the first page of each current report type, as the reference server renders it from
 * the seed, drawn to a PNG in docs/reports/ so that anyone can see what a report looks like without running
 * anything. The page drawn is the PDF's own first page, rasterised by pdf.js (with its Node canvas), so the
 * picture is the file a clinic downloads, not an approximation of it. Prints each file's size and render time.
 */
import { writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ReportType } from '../src/model/kits/kit-status';
import { migrate } from '../server/db/migrate';
import { PGLITE_EXTENSIONS, pgliteDatabase } from '../server/db/pglite';
import { reportPdf } from '../server/reports/pdf';
import { loadReport } from '../server/routes/kits/report-document';
import { seed } from '../server/seed/seed';
import { runMain } from './lib/run-main';

const OUT = new URL('../docs/reports/', import.meta.url);
/** 612 × 792 points at this scale: 1.5 px a point (108 dpi), sharp enough to read and small enough to keep. */
const SCALE = 1.5;
const STANDARD_FONTS = `${join(dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** Each current report type, and the product whose kit shows it (the DNA report differs by product). */
const PICTURES = [
  { file: 'truage.png', type: ReportType.TruAge, productId: 1, what: 'TruAge: the biological-age panel (Biological Age Test)' },
  { file: 'truhealth.png', type: ReportType.TruHealth, productId: 78, what: 'TruHealth: nutrient and functional health (Health Test)' },
  {
    file: 'combo-truage.png',
    type: ReportType.TruAge,
    productId: 79,
    what: 'TruAge of the combined age and health report (Biological Age and Health Combo)',
  },
  { file: 'dna-genetic.png', type: ReportType.Dna, productId: 74, what: 'DNA: genetic SNP and polygenic scores (Genetic Analysis)' },
  {
    file: 'dna-pharmacogenomic.png',
    type: ReportType.Dna,
    productId: 47,
    what: 'DNA: pharmacogenomic drug response (Pharmacogenomics Test)',
  },
  {
    file: 'dna-processing.png',
    type: ReportType.Dna,
    productId: 204,
    what: 'DNA: sample processing and quality (EPICv2 Methylation Profiling)',
  },
] as const;

type NodeCanvas = HTMLCanvasElement & { toBuffer(type: 'image/png'): Buffer };

async function firstPagePng(pdfBytes: Uint8Array): Promise<Buffer> {
  const pdf = await getDocument({ data: pdfBytes, standardFontDataUrl: STANDARD_FONTS, isEvalSupported: false }).promise;
  try {
    const page = await pdf.getPage(1);
    const viewport = page.getViewport({ scale: SCALE });
    // In Node, pdf.js's canvas factory makes @napi-rs/canvas canvases (its own optional dependency), which encode PNG.
    const factory = pdf.canvasFactory as { create(width: number, height: number): { canvas: NodeCanvas } };
    const { canvas } = factory.create(Math.ceil(viewport.width), Math.ceil(viewport.height));
    await page.render({ canvas, viewport, background: '#ffffff' }).promise;
    return canvas.toBuffer('image/png');
  } finally {
    await pdf.destroy();
  }
}

async function main(): Promise<number> {
  const db = pgliteDatabase(await PGlite.create({ dataDir: 'memory://', extensions: PGLITE_EXTENSIONS }));
  try {
    await migrate(db);
    await seed(db);
    for (const picture of PICTURES) {
      const [kit] = await db.query<{ practice_id: number; barcode: string }>(
        `SELECT k.practice_id, k.barcode FROM kits k JOIN kit_reports r ON r.kit_id = k.id JOIN patients p ON p.id = k.patient_id
          WHERE k.uid LIKE 'seed-kit-%' AND k.product_id = $1 AND r.type = $2 AND r.results IS NOT NULL AND p.first_name IS NOT NULL
          ORDER BY k.practice_id, k.barcode LIMIT 1`,
        [picture.productId, picture.type],
      );
      if (!kit) throw new Error(`The seed has no ready kit of product ${picture.productId} with report ${picture.type}`);
      const started = performance.now();
      const content = await loadReport(db, kit.practice_id, kit.barcode, picture.type);
      if (!content) throw new Error(`No report ${picture.type} for ${kit.barcode}`);
      const pdf = await reportPdf(content, new Date('2026-11-20T15:00:00Z'), (error) => console.error(error));
      const rendered = performance.now() - started;
      const bytes = pdf.length;
      // pdf.js takes the bytes over (their buffer is detached), so the size is read first.
      const png = await firstPagePng(pdf);
      await writeFile(new URL(picture.file, OUT), png);
      console.log(`${picture.file}: ${kit.barcode}, PDF ${bytes} bytes rendered in ${rendered.toFixed(0)} ms, PNG ${png.length} bytes`);
    }
    return 0;
  } finally {
    await db.close();
  }
}

runMain(main);
