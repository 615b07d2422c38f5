import { UnitType } from '../enums';
import { sameId, type Id } from '../id';
import { findProduct, type Product } from './product';
import { ANALYSIS_REPORT_HOURS, ANALYSIS_UPLOAD_MAX_GB } from './analysis';

/**
 * Ordering §2 "Order quiz" and §9: the quiz's own catalogue and the rules that lead from one step to
 * the next. The catalogue holds only what the specification gives (the five ids, their kind, the static
 * prices); a product's name, description and image come from GET /Products like every other card's.
 */

export const QuizProductKind = {
  combo: 'combo',
  biologicalAge: 'biologicalAge',
  health: 'health',
  genetic: 'genetic',
  pharmacogenomics: 'pharmacogenomics',
} as const;
export type QuizProductKind = (typeof QuizProductKind)[keyof typeof QuizProductKind];

export interface QuizProduct {
  readonly id: number;
  readonly kind: QuizProductKind;
  /** §9: the quiz's static price, in dollars. */
  readonly price: number;
}

/** §2 and §9: ids 79, 1, 78, 74, 47 at 550, 375, 375, 200 and 160. */
export const QUIZ_CATALOGUE: readonly QuizProduct[] = [
  { id: 79, kind: QuizProductKind.combo, price: 550 },
  { id: 1, kind: QuizProductKind.biologicalAge, price: 375 },
  { id: 78, kind: QuizProductKind.health, price: 375 },
  { id: 74, kind: QuizProductKind.genetic, price: 200 },
  { id: 47, kind: QuizProductKind.pharmacogenomics, price: 160 },
];

/** The quiz's static price of a product, or null for a product the quiz does not recommend. */
export function quizPrice(id: Id): number | null {
  return QUIZ_CATALOGUE.find((product) => sameId(product.id, id))?.price ?? null;
}

/** The six steps, numbered as the specification numbers them. */
export const QuizStep = {
  services: 1,
  recommendation: 2,
  institution: 3,
  labProcessing: 4,
  practiceRecommendation: 5,
  analysisOnly: 6,
} as const;
export type QuizStep = (typeof QuizStep)[keyof typeof QuizStep];

/** Step 1's five answers to "what services are wanted". */
export const ServiceChoice = {
  combo: 'combo',
  health: 'health',
  biologicalAge: 'biologicalAge',
  genetic: 'genetic',
  institution: 'institution',
} as const;
export type ServiceChoice = (typeof ServiceChoice)[keyof typeof ServiceChoice];

/** Step 3's two institution flows. */
export const InstitutionChoice = { labProcessing: 'labProcessing', analysisOnly: 'analysisOnly' } as const;
export type InstitutionChoice = (typeof InstitutionChoice)[keyof typeof InstitutionChoice];

export type QuizChoice = ServiceChoice | InstitutionChoice;

export const SERVICE_CHOICES: readonly ServiceChoice[] = Object.values(ServiceChoice);
export const INSTITUTION_CHOICES: readonly InstitutionChoice[] = Object.values(InstitutionChoice);

/**
 * The combo and the health products lead to step 2; the other test kinds to step 5; lab services for
 * institutions to step 3, where lab-only sample processing leads to step 4 and analysis only to step 6.
 */
const NEXT_STEP: Readonly<Partial<Record<QuizStep, Readonly<Partial<Record<QuizChoice, QuizStep>>>>>> = {
  [QuizStep.services]: {
    combo: QuizStep.recommendation,
    health: QuizStep.recommendation,
    biologicalAge: QuizStep.practiceRecommendation,
    genetic: QuizStep.practiceRecommendation,
    institution: QuizStep.institution,
  },
  [QuizStep.institution]: {
    labProcessing: QuizStep.labProcessing,
    analysisOnly: QuizStep.analysisOnly,
  },
};

/** Where a choice leads from the step that shows it; null when that step does not offer the choice. */
export function stepAfter(step: QuizStep, choice: QuizChoice): QuizStep | null {
  return NEXT_STEP[step]?.[choice] ?? null;
}

const productsOf = (...kinds: QuizProductKind[]): readonly QuizProduct[] =>
  QUIZ_CATALOGUE.filter((product) => kinds.includes(product.kind));

// Worked out once, so that a choice always answers the same list and a view comparing answers sees no change.
const RECOMMENDED: Readonly<Record<QuizChoice, readonly QuizProduct[]>> = {
  combo: productsOf(QuizProductKind.combo),
  health: productsOf(QuizProductKind.health),
  biologicalAge: productsOf(QuizProductKind.biologicalAge),
  genetic: productsOf(QuizProductKind.genetic, QuizProductKind.pharmacogenomics),
  institution: productsOf(),
  labProcessing: productsOf(),
  analysisOnly: productsOf(),
};

const NONE = productsOf();

/** The quiz products a choice recommends, in the quiz catalogue's order; none before a choice. */
export function recommendedFor(choice: QuizChoice | null): readonly QuizProduct[] {
  return choice === null ? NONE : RECOMMENDED[choice];
}

/** §2: the choices that go to step 5 set the unit type to the healthcare practice type; the others set none. */
export function unitTypeFor(choice: QuizChoice): UnitType | null {
  return stepAfter(QuizStep.services, choice) === QuizStep.practiceRecommendation ? UnitType.HCP : null;
}

/**
 * The quiz's words. Only "+ Add another test" is quoted by §2; the question, the options and the headings
 * of steps 3, 4 and 6 are short labels built from the specification's own words for them.
 */
export const QuizText = {
  title: 'Order Quiz',
  servicesQuestion: 'What services are you looking for?',
  services: {
    combo: 'Combination of biological age and health testing',
    health: 'Health testing',
    biologicalAge: 'Biological age testing',
    genetic: 'Genetic analysis and pharmacogenomics',
    institution: 'Lab services for institutions',
  } satisfies Record<ServiceChoice, string>,
  institutionQuestion: 'Which lab services does your institution need?',
  institution: {
    labProcessing: 'Lab-only sample processing',
    analysisOnly: 'Analysis only',
  } satisfies Record<InstitutionChoice, string>,
  recommendation: 'Recommended for you',
  recommendedProducts: 'Recommended products',
  addAnother: '+ Add another test',
  back: 'Back',
  labProcessingTitle: 'Lab-only sample processing',
  labProcessingIntro: 'Send your samples to the lab and register them with a sample manifest or through the API.',
  analysisTitle: 'Analysis only',
  analysisIntro: 'Upload IDAT files for analysis, register samples with a sample manifest, or connect through the API.',
  analysisUploadLimit: `Upload one zip file of up to ${ANALYSIS_UPLOAD_MAX_GB} GB.`,
  analysisReportTime: `Reports are ready within ${ANALYSIS_REPORT_HOURS} hours.`,
  uploadIdat: 'Upload IDAT files',
  manifestUpload: 'Manifest Upload',
  developers: 'Developer Settings',
} as const;

export interface QuizCard {
  readonly product: Product;
  /** §9: the quiz's static price, which the quiz shows rather than the catalogue's. */
  readonly price: number;
}

/**
 * The recommended products as the catalogue gives them, in the quiz's order. A recommended id the
 * catalogue does not list is left out: the quiz never shows a product the server did not describe.
 */
export function quizCards(recommended: readonly QuizProduct[], products: readonly Product[] | undefined): QuizCard[] {
  return recommended.flatMap((quizProduct) => {
    const product = findProduct(products, quizProduct.id);
    return product ? [{ product, price: quizProduct.price }] : [];
  });
}
