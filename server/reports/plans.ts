import { ReportType } from '../../src/model/kits/kit-status';

/**
 * Which report shows what (issue 41 item 3): for each report type, and for the DNA report by product (the same type
 * serves the genetic, the pharmacogenomic and the sample-processing products), its sections of measures, its chart,
 * its method and its limitations. The current types follow the ordering document's "What's Included" lists; the
 * legacy ones show the part of the panel they were named for.
 */

export type ChartKind = 'ages' | 'ranges' | null;

export interface ReportSection {
  readonly heading: string;
  readonly measures: readonly string[];
}

export interface ReportPlan {
  readonly family: 'age' | 'health' | 'genetic' | 'pgx' | 'processing' | 'summary';
  readonly subtitle: string;
  readonly sections: readonly ReportSection[];
  readonly chart: ChartKind;
  readonly method: string;
  readonly limitations: string;
}

const ORGANS = ['organ_heart', 'organ_lung', 'organ_kidney', 'organ_liver', 'organ_brain', 'organ_immune', 'organ_metabolic'];
const IMMUNE = ['cd4_t', 'cd8_t', 'b_cells', 'nk_cells', 'monocytes', 'neutrophils'];

const METHYLATION_METHOD =
  'DNA from the sample was extracted, bisulfite-converted and read on a genome-wide methylation array. Each estimate comes from a published-style model of methylation at selected sites, applied to the normalised array data.';
const METHYLATION_LIMITS =
  'Estimates from methylation describe the sample at the time it was collected and carry a statistical error of a few years (ages) or a few percent (cell shares). They are not a diagnosis and are read together with the person’s history and other results.';
const HEALTH_METHOD =
  'Markers were measured from the dried blood spot by immunoassay and chromatography, calibrated against venous reference samples.';
const HEALTH_LIMITS =
  'Dried blood spot values can differ slightly from venous blood. Reference ranges are those of adults in general; a single value outside its range is read together with the person’s history and other results.';
const GENOTYPE_METHOD = 'DNA was genotyped on a genome-wide SNP array; polygenic scores sum the weighted effects of many common variants.';
const GENOTYPE_LIMITS =
  'Genotypes describe inherited variants only. A polygenic score compares the sample with a reference population and is less precise for ancestries that population under-represents; it is one factor among many.';
const PGX_METHOD =
  'DNA was genotyped for the listed genes; diplotypes are called from the tested variants and translated into a predicted function.';
const PGX_LIMITS =
  'Only the tested variants are reported: a rare variant that was not tested may change the function. Predicted function is one input for the prescriber, together with the medicine’s own guidance.';
const PROCESSING_METHOD =
  'The sample was extracted, quantified, bisulfite-converted where the assay needs it and run on the array; the figures are the run’s own quality measures.';
const PROCESSING_LIMITS = 'Quality figures describe this run of this sample. The raw files are delivered separately as diagnostics files.';

const age = (subtitle: string, sections: readonly ReportSection[], chart: ChartKind = 'ages'): ReportPlan => ({
  family: 'age',
  subtitle,
  sections,
  chart,
  method: METHYLATION_METHOD,
  limitations: METHYLATION_LIMITS,
});

const FULL_AGE = age('Biological age panel', [
  { heading: 'Biological age', measures: ['epigenetic_age', 'pace_of_aging', 'fitness_age'] },
  { heading: 'Organ-system ages', measures: ORGANS },
  { heading: 'Telomeres and inflammation', measures: ['telomere_length', 'crp_score', 'il6_score'] },
  { heading: 'Immune cell composition', measures: IMMUNE },
  { heading: 'Smoking and alcohol status', measures: ['smoking_score', 'alcohol_score'] },
]);

const HEALTH: ReportPlan = {
  family: 'health',
  subtitle: 'Nutrient and functional health',
  sections: [
    { heading: 'Nutrients', measures: ['vitamin_d', 'vitamin_b12', 'folate', 'ferritin', 'omega3_index', 'magnesium'] },
    { heading: 'Metabolic and functional markers', measures: ['hba1c', 'insulin', 'hs_crp', 'ldl', 'hdl', 'triglycerides', 'tsh'] },
  ],
  chart: 'ranges',
  method: HEALTH_METHOD,
  limitations: HEALTH_LIMITS,
};

const GENETIC: ReportPlan = {
  family: 'genetic',
  subtitle: 'Genetic SNP and polygenic risk',
  sections: [
    { heading: 'Polygenic scores', measures: ['prs_cad', 'prs_t2d', 'prs_af', 'prs_ldl'] },
    { heading: 'Selected genotypes', measures: ['mthfr', 'fto', 'lct', 'actn3'] },
  ],
  chart: 'ranges',
  method: GENOTYPE_METHOD,
  limitations: GENOTYPE_LIMITS,
};

const PGX: ReportPlan = {
  family: 'pgx',
  subtitle: 'Pharmacogenomic drug response',
  sections: [{ heading: 'Drug-response genes', measures: ['cyp2d6', 'cyp2c19', 'cyp2c9', 'cyp3a5', 'slco1b1', 'tpmt'] }],
  chart: null,
  method: PGX_METHOD,
  limitations: PGX_LIMITS,
};

const PROCESSING: ReportPlan = {
  family: 'processing',
  subtitle: 'Sample processing and quality',
  sections: [
    {
      heading: 'Sample and run quality',
      measures: ['dna_yield', 'a260_280', 'call_rate', 'detection_failed', 'bisulfite_conversion', 'sex_check'],
    },
  ],
  chart: 'ranges',
  method: PROCESSING_METHOD,
  limitations: PROCESSING_LIMITS,
};

/** The products whose DNA report is the genetic one (74) or the pharmacogenomic one (47); every other product's is processing. */
const DNA_BY_PRODUCT: Readonly<Record<number, ReportPlan>> = { 47: PGX, 74: GENETIC };

const T = ReportType;
const BY_TYPE: Readonly<Record<number, ReportPlan>> = {
  [T.Dummy]: age('Demonstration panel', [{ heading: 'Biological age', measures: ['epigenetic_age', 'pace_of_aging'] }]),
  [T.TruAge]: FULL_AGE,
  [T.TruHealth]: HEALTH,
  [T.WeightLoss]: {
    ...HEALTH,
    subtitle: 'Weight and metabolism',
    sections: [{ heading: 'Metabolic markers', measures: ['hba1c', 'insulin', 'triglycerides', 'hdl'] }],
  },
  [T.ImmuneCenegenics]: age('Immune cell composition', [{ heading: 'Immune cell composition', measures: IMMUNE }], 'ranges'),
  [T.DunedinPoAm]: age('Pace of aging', [{ heading: 'Pace of aging', measures: ['pace_of_aging'] }], 'ranges'),
  [T.Telomere]: age('Telomere length', [{ heading: 'Telomeres', measures: ['telomere_length'] }], 'ranges'),
  [T.Loci]: {
    ...GENETIC,
    subtitle: 'Selected loci',
    sections: [{ heading: 'Selected genotypes', measures: ['mthfr', 'fto', 'lct', 'actn3'] }],
    chart: null,
  },
  [T.MitoticClock]: age('Mitotic clock', [{ heading: 'Cell division', measures: ['mitotic_clock'] }], 'ranges'),
  [T.ProviderSummary]: { ...PROCESSING, family: 'summary', subtitle: 'Provider summary' },
  [T.PatientSummary]: {
    ...PROCESSING,
    family: 'summary',
    subtitle: 'Patient summary',
    sections: [{ heading: 'Your sample', measures: ['dna_yield', 'call_rate', 'sex_check'] }],
  },
  [T.Inflammation]: age('Inflammation', [{ heading: 'Inflammation markers', measures: ['crp_score', 'il6_score'] }], 'ranges'),
  [T.OmiCmAge]: age('OmiCm age', [{ heading: 'Biological age', measures: ['epigenetic_age', 'pace_of_aging'] }]),
  [T.PhysicalFitness]: age('Physical fitness', [{ heading: 'Fitness', measures: ['fitness_age', 'grip_strength', 'vo2max'] }]),
  [T.SymphonyAge]: age('Organ-system ages', [{ heading: 'Organ-system ages', measures: ['epigenetic_age', ...ORGANS] }]),
  [T.Pgx]: { ...PGX, subtitle: 'Pharmacogenomics (legacy)' },
};

/** The plan of a report of this type on a kit of this product; a type the server does not know gets the summary of its panel. */
export function reportPlan(type: number, productId: number): ReportPlan {
  if (type === T.Dna) return DNA_BY_PRODUCT[productId] ?? PROCESSING;
  return BY_TYPE[type] ?? BY_TYPE[T.Dummy] ?? FULL_AGE;
}

/** Every measure a plan shows, once each, in order. */
export function planMeasures(plan: ReportPlan): string[] {
  return [...new Set(plan.sections.flatMap((section) => section.measures))];
}
