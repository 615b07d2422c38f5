/**
 * What a report measures: each measure's name, unit, reference range and a neutral sentence on what it is. The values
 * come from the kit's stored results; these definitions say how to show and explain them. No advice, no diagnosis:
 * only what the measure is and where the value lies against its reference range.
 */

/** A number with a reference range; `ageRange` measures are ages, whose range is the chronological age ± that many years. */
export interface NumericMeasure {
  readonly kind: 'number';
  readonly key: string;
  readonly name: string;
  readonly unit: string;
  readonly low: number;
  readonly high: number;
  readonly decimals: number;
  readonly about: string;
  readonly ageRange?: number;
}

/** A genotype or a category: one of `options`, the first being the reference (most common) one. */
export interface CategoryMeasure {
  readonly kind: 'category';
  readonly key: string;
  readonly name: string;
  readonly unit: string;
  readonly about: string;
  /** Each possible value and what it means, in plain words; the first is the reference. */
  readonly options: readonly (readonly [value: string, meaning: string])[];
}

export type Measure = NumericMeasure | CategoryMeasure;

function num(key: string, name: string, unit: string, [low, high]: [number, number], decimals: number, about: string): NumericMeasure {
  return { kind: 'number', key, name, unit, low, high, decimals, about };
}

function age(key: string, name: string, about: string): NumericMeasure {
  return { kind: 'number', key, name, unit: 'years', low: 0, high: 0, decimals: 1, about, ageRange: 5 };
}

function category(key: string, name: string, unit: string, about: string, options: CategoryMeasure['options']): CategoryMeasure {
  return { kind: 'category', key, name, unit, about, options };
}

const ORGAN = (organ: string) =>
  age(
    `organ_${organ.toLowerCase()}`,
    `${organ} system age`,
    `An estimate of the age of the ${organ.toLowerCase()} system from methylation sites linked to it, compared with the chronological age.`,
  );

/** The biological-age panel (ordering §3, product 1). */
export const AGE_MEASURES: readonly Measure[] = [
  age('epigenetic_age', 'Epigenetic age', 'An estimate of age from the methylation pattern of the DNA in the sample, in years.'),
  ...['Heart', 'Lung', 'Kidney', 'Liver', 'Brain', 'Immune', 'Metabolic'].map(ORGAN),
  num(
    'pace_of_aging',
    'Pace of aging',
    'years per year',
    [0.8, 1.2],
    2,
    'How many years of biological aging the methylation pattern suggests per calendar year; 1.00 is the population average.',
  ),
  num(
    'telomere_length',
    'Telomere length (estimated)',
    'kb',
    [5.8, 8.2],
    2,
    'An estimate of the average length of the protective caps at the ends of chromosomes, in thousands of base pairs.',
  ),
  num(
    'cd4_t',
    'CD4+ T cells',
    '%',
    [10, 25],
    1,
    'The share of helper T cells among the white blood cells in the sample, estimated from methylation.',
  ),
  num('cd8_t', 'CD8+ T cells', '%', [5, 15], 1, 'The share of cytotoxic T cells among the white blood cells, estimated from methylation.'),
  num('b_cells', 'B cells', '%', [3, 10], 1, 'The share of B cells, which make antibodies, among the white blood cells.'),
  num('nk_cells', 'Natural killer cells', '%', [2, 10], 1, 'The share of natural killer cells among the white blood cells.'),
  num('monocytes', 'Monocytes', '%', [4, 12], 1, 'The share of monocytes among the white blood cells.'),
  num('neutrophils', 'Neutrophils', '%', [45, 70], 1, 'The share of neutrophils among the white blood cells.'),
  num(
    'crp_score',
    'Inflammation score (methylation CRP)',
    'z-score',
    [-1, 1],
    2,
    'A methylation score associated with C-reactive protein levels; 0 is the population average.',
  ),
  num(
    'il6_score',
    'Inflammation score (methylation IL-6)',
    'z-score',
    [-1, 1],
    2,
    'A methylation score associated with interleukin-6 levels; 0 is the population average.',
  ),
  age(
    'fitness_age',
    'Fitness age',
    'An estimate of physical fitness expressed as an age, from methylation sites linked to grip strength, walking speed and lung capacity.',
  ),
  num(
    'smoking_score',
    'Smoking status (methylation score)',
    'score',
    [0, 0.3],
    2,
    'A methylation score that rises with tobacco exposure; values in the range match people who do not smoke.',
  ),
  num(
    'alcohol_score',
    'Alcohol status (methylation score)',
    'score',
    [0, 0.4],
    2,
    'A methylation score that rises with regular alcohol intake; values in the range match light or no drinking.',
  ),
  num(
    'mitotic_clock',
    'Mitotic clock',
    'score',
    [0.3, 0.6],
    2,
    'A methylation score that counts how many times the sampled cells have divided, relative to the population.',
  ),
  num('grip_strength', 'Grip strength (estimated)', 'kg', [26, 46], 0, 'An estimate of hand grip strength from methylation.'),
  num(
    'vo2max',
    'VO2 max (estimated)',
    'mL/kg/min',
    [30, 48],
    1,
    'An estimate of the greatest rate of oxygen use during exercise, from methylation.',
  ),
];

/** Nutrient and functional health (ordering §3, product 78). */
export const HEALTH_MEASURES: readonly Measure[] = [
  num(
    'vitamin_d',
    'Vitamin D (25-OH)',
    'ng/mL',
    [30, 100],
    0,
    'The main circulating form of vitamin D, made in the skin in sunlight and taken in with food.',
  ),
  num('vitamin_b12', 'Vitamin B12', 'pg/mL', [200, 900], 0, 'A vitamin needed to make red blood cells and keep nerves working.'),
  num('folate', 'Folate', 'ng/mL', [3, 20], 1, 'A B vitamin used to make DNA and red blood cells.'),
  num('ferritin', 'Ferritin', 'ng/mL', [30, 300], 0, 'A protein that stores iron; its level reflects the body’s iron stores.'),
  num('omega3_index', 'Omega-3 index', '%', [8, 12], 1, 'The share of omega-3 fatty acids in the membranes of red blood cells.'),
  num('magnesium', 'Magnesium', 'mg/dL', [1.7, 2.2], 1, 'A mineral used by muscles, nerves and many enzymes.'),
  num('hba1c', 'HbA1c', '%', [4, 5.6], 1, 'The share of haemoglobin carrying glucose: an average of blood sugar over about three months.'),
  num('hs_crp', 'hs-CRP', 'mg/L', [0, 3], 1, 'C-reactive protein measured at low levels: a general marker of inflammation.'),
  num('ldl', 'LDL cholesterol', 'mg/dL', [0, 100], 0, 'Cholesterol carried by low-density lipoproteins.'),
  num('hdl', 'HDL cholesterol', 'mg/dL', [40, 90], 0, 'Cholesterol carried by high-density lipoproteins.'),
  num('triglycerides', 'Triglycerides', 'mg/dL', [0, 150], 0, 'The main form of fat carried in the blood.'),
  num('tsh', 'TSH', 'mIU/L', [0.4, 4], 2, 'Thyroid-stimulating hormone, which the pituitary gland makes to steer the thyroid.'),
  num(
    'insulin',
    'Fasting insulin',
    'µIU/mL',
    [2, 20],
    1,
    'The hormone that moves sugar from the blood into cells, measured after fasting.',
  ),
];

/** Genotypes and polygenic scores (ordering §3, product 74). */
export const GENETIC_MEASURES: readonly Measure[] = [
  num(
    'prs_cad',
    'Polygenic score: coronary artery disease',
    'percentile',
    [5, 95],
    0,
    'Where the combined effect of many common variants linked to coronary artery disease places the sample among a reference population.',
  ),
  num(
    'prs_t2d',
    'Polygenic score: type 2 diabetes',
    'percentile',
    [5, 95],
    0,
    'Where the combined effect of many common variants linked to type 2 diabetes places the sample among a reference population.',
  ),
  num(
    'prs_af',
    'Polygenic score: atrial fibrillation',
    'percentile',
    [5, 95],
    0,
    'Where the combined effect of many common variants linked to atrial fibrillation places the sample among a reference population.',
  ),
  num(
    'prs_ldl',
    'Polygenic score: LDL cholesterol level',
    'percentile',
    [5, 95],
    0,
    'Where the combined effect of common variants linked to LDL cholesterol levels places the sample among a reference population.',
  ),
  category('mthfr', 'MTHFR c.665C>T (rs1801133)', 'genotype', 'A common variant of the MTHFR gene, whose enzyme processes folate.', [
    ['C/C', 'the most common genotype'],
    ['C/T', 'one copy of the variant, which is common'],
    ['T/T', 'two copies of the variant'],
  ]),
  category('fto', 'FTO (rs9939609)', 'genotype', 'A common variant of the FTO gene, studied for its association with body weight.', [
    ['T/T', 'the reference genotype'],
    ['A/T', 'one copy of the variant, which is common'],
    ['A/A', 'two copies of the variant'],
  ]),
  category(
    'lct',
    'LCT -13910 (rs4988235)',
    'genotype',
    'A variant near the lactase gene associated with digesting milk sugar in adulthood.',
    [
      ['T/T', 'the genotype associated with lactase persistence'],
      ['C/T', 'one copy associated with lactase persistence'],
      ['C/C', 'the genotype associated with lactase non-persistence'],
    ],
  ),
  category('actn3', 'ACTN3 R577X (rs1815739)', 'genotype', 'A common variant of a protein found in fast-twitch muscle fibres.', [
    ['C/C', 'the reference genotype'],
    ['C/T', 'one copy of the variant, which is common'],
    ['T/T', 'two copies of the variant'],
  ]),
];

/** Drug-response genes (ordering §3, product 47): diplotypes and the predicted enzyme function. */
export const PGX_MEASURES: readonly Measure[] = [
  ['cyp2d6', 'CYP2D6'],
  ['cyp2c19', 'CYP2C19'],
  ['cyp2c9', 'CYP2C9'],
  ['cyp3a5', 'CYP3A5'],
  ['slco1b1', 'SLCO1B1'],
  ['tpmt', 'TPMT'],
].map(([key = '', gene = '']) =>
  category(key, gene, 'diplotype', `The ${gene} gene, whose protein takes part in handling a number of medicines.`, [
    ['*1/*1', 'normal function predicted'],
    ['*1/*2', 'one copy with changed function: intermediate function predicted'],
    ['*2/*2', 'two copies with changed function: reduced function predicted'],
    ['*1/*17', 'one copy with increased function: rapid function predicted'],
  ]),
);

/** Sample processing (products 201-205): the quality of the sample and of the array run. */
export const PROCESSING_MEASURES: readonly Measure[] = [
  num('dna_yield', 'DNA yield', 'ng', [250, 2000], 0, 'How much DNA was extracted from the sample.'),
  num(
    'a260_280',
    'Purity (A260/A280)',
    'ratio',
    [1.7, 2.0],
    2,
    'The ratio of light absorbed at two wavelengths; it shows whether protein remains in the DNA.',
  ),
  num('call_rate', 'Call rate', '%', [98, 100], 2, 'The share of the array’s probes that gave a usable reading.'),
  num(
    'detection_failed',
    'Probes failing detection',
    '%',
    [0, 5],
    2,
    'The share of probes whose signal could not be told apart from background.',
  ),
  num(
    'bisulfite_conversion',
    'Bisulfite conversion',
    '%',
    [95, 100],
    1,
    'How completely the sample’s DNA was converted before reading methylation.',
  ),
  category('sex_check', 'Sex check', 'result', 'Whether the sex inferred from the DNA agrees with the sex on the sample’s form.', [
    ['Consistent', 'the inferred sex agrees with the form'],
  ]),
];

export const MEASURES: ReadonlyMap<string, Measure> = new Map(
  [...AGE_MEASURES, ...HEALTH_MEASURES, ...GENETIC_MEASURES, ...PGX_MEASURES, ...PROCESSING_MEASURES].map((measure) => [
    measure.key,
    measure,
  ]),
);
