/**
 * The sample sheets of the generated analysis archives (tests/support/idat-archive.ts): Illumina's layout with its
 * [Header], [Manifests] and [Data] sections, or a plain table, naming the archive's pairs (`{barcode}_{position}`),
 * or wrong in one way the server must name. Sample names hold a quoted comma and doubled quotes, as real ones do.
 */
export type SheetKind = 'illumina' | 'plain' | 'extraRow' | 'missingRow' | 'noColumns' | 'tooLarge';

/** `absentSample` is the one an 'extraRow' sheet names although the archive has no files for it. */
export function sampleSheetText(kind: SheetKind, paired: readonly string[], absentSample: string): string {
  const named = [...paired];
  if (kind === 'extraRow') named.push(absentSample);
  if (kind === 'missingRow') named.pop();
  const rows = named.map((name, index) => {
    const [barcode = '', position = ''] = name.split('_');
    return { barcode, position, label: `"Patient ${index + 1}, visit ""A"""` };
  });
  if (kind === 'plain')
    return (
      ['Sentrix_ID,Sentrix_Position,Sample_Name', ...rows.map((row) => `${row.barcode},${row.position},${row.label}`)].join('\r\n') + '\r\n'
    );
  const description = kind === 'tooLarge' ? `Description,"${'x'.repeat(1024 * 1024)}"` : 'Description,"Issue 42, archive check"';
  const columns = kind === 'noColumns' ? 'Sample_Name,Sample_Well,Array,Position' : 'Sample_Name,Sample_Well,Sentrix_ID,Sentrix_Position';
  return [
    '[Header],,,',
    'IEMFileVersion,4,,',
    'Investigator Name,"Doe, Jane",,',
    description,
    '[Manifests],,,',
    'A,EPIC-8v2-0_A1.bpm,,',
    '[Data],,,',
    columns,
    ...rows.map((row, index) => `${row.label},A${String(index + 1).padStart(2, '0')},${row.barcode},${row.position}`),
    '',
  ].join('\r\n');
}
