import { ManifestColumn, type ManifestColumnName } from './manifest';

// Apart from the upload page's other words (manifest-texts.ts), which src/model/orders/manifest.ts reads: this help
// is written per column of that module, which importing it back would make a cycle.

/**
 * The instructions modal: what each template column takes, from ordering §2 ("Template columns", the product
 * IDs, sample types) and §5 (Unique ID at least 6 letters or digits, dates MM/DD/YYYY, sex F or M).
 */
export function manifestColumnHelp(column: string, productIds: readonly string[]): string {
  const help: Record<ManifestColumnName, string> = {
    [ManifestColumn.uniqueId]: 'At least 6 letters or digits.',
    [ManifestColumn.productId]: productIds.length ? `One of: ${productIds.join(', ')}.` : 'A product ID of the catalogue.',
    [ManifestColumn.collectionDate]: 'The date the sample was collected, written MM/DD/YYYY.',
    [ManifestColumn.dob]: 'Date of birth, written MM/DD/YYYY.',
    [ManifestColumn.sex]: 'F or M.',
    [ManifestColumn.clinicId]: 'Filled by the provider.',
    [ManifestColumn.type]: 'Optional. The sample type.',
    [ManifestColumn.concentration]: 'Optional. The concentration in ug/mL.',
    [ManifestColumn.volume]: 'Optional. The volume in uL.',
    [ManifestColumn.patientExternalId]: 'Optional. Your own ID of the patient.',
  };
  return Object.entries(help).find(([name]) => name === column)?.[1] ?? '';
}
