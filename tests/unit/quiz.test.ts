import { describe, expect, it } from 'vitest';
import { UnitType } from '../../src/model/enums';
import { CATALOGUE_PRIORITY } from '../../src/model/orders/product';
import { ANALYSIS_REPORT_HOURS, ANALYSIS_UPLOAD_MAX_GB } from '../../src/model/orders/analysis';
import {
  INSTITUTION_CHOICES,
  QUIZ_CATALOGUE,
  QuizStep,
  QuizText,
  SERVICE_CHOICES,
  quizCards,
  quizPrice,
  recommendedFor,
  stepAfter,
  unitTypeFor,
} from '../../src/model/orders/quiz';

describe('the static quiz catalogue (ordering §2 and §9)', () => {
  it('holds ids 79, 1, 78, 74 and 47 at the static quiz prices 550, 375, 375, 200 and 160', () => {
    expect(QUIZ_CATALOGUE.map(({ id, price }) => [id, price])).toEqual([
      [79, 550],
      [1, 375],
      [78, 375],
      [74, 200],
      [47, 160],
    ]);
  });

  it('names each kind: combo, biological age, health, genetic analysis, pharmacogenomics', () => {
    expect(QUIZ_CATALOGUE.map(({ kind }) => kind)).toEqual(['combo', 'biologicalAge', 'health', 'genetic', 'pharmacogenomics']);
  });

  it("keeps the product catalogue's priority order of ids", () => {
    expect(QUIZ_CATALOGUE.map(({ id }) => id)).toEqual(CATALOGUE_PRIORITY);
  });

  it('holds no product content of its own: names, descriptions and images come from GET /Products', () => {
    for (const product of QUIZ_CATALOGUE) expect(Object.keys(product).sort()).toEqual(['id', 'kind', 'price']);
  });

  it('gives the static price of an id sent as a number or as digits, and none for other products', () => {
    expect(quizPrice(79)).toBe(550);
    expect(quizPrice('47')).toBe(160);
    expect(quizPrice(2)).toBeNull();
  });
});

describe('where an answer leads (ordering §2)', () => {
  it('step 1 offers five answers', () => {
    expect(SERVICE_CHOICES).toHaveLength(5);
    for (const choice of SERVICE_CHOICES) expect(stepAfter(QuizStep.services, choice)).not.toBeNull();
  });

  it('the combo and the health products go to step 2', () => {
    expect(stepAfter(QuizStep.services, 'combo')).toBe(QuizStep.recommendation);
    expect(stepAfter(QuizStep.services, 'health')).toBe(QuizStep.recommendation);
  });

  it('the other tests go to step 5, and lab services for institutions to step 3', () => {
    expect(stepAfter(QuizStep.services, 'biologicalAge')).toBe(QuizStep.practiceRecommendation);
    expect(stepAfter(QuizStep.services, 'genetic')).toBe(QuizStep.practiceRecommendation);
    expect(stepAfter(QuizStep.services, 'institution')).toBe(QuizStep.institution);
  });

  it('step 3 serves the institution flows: lab-only sample processing is step 4, analysis only step 6', () => {
    expect(stepAfter(QuizStep.institution, 'labProcessing')).toBe(QuizStep.labProcessing);
    expect(stepAfter(QuizStep.institution, 'analysisOnly')).toBe(QuizStep.analysisOnly);
  });

  it('an answer leads nowhere from a step that does not offer it', () => {
    for (const choice of INSTITUTION_CHOICES) expect(stepAfter(QuizStep.services, choice)).toBeNull();
    for (const choice of SERVICE_CHOICES) expect(stepAfter(QuizStep.institution, choice)).toBeNull();
    for (const step of [QuizStep.recommendation, QuizStep.labProcessing, QuizStep.practiceRecommendation, QuizStep.analysisOnly]) {
      for (const choice of [...SERVICE_CHOICES, ...INSTITUTION_CHOICES]) expect(stepAfter(step, choice)).toBeNull();
    }
  });
});

describe('what an answer recommends, and the unit type it sets (ordering §2)', () => {
  const ids = (choice: Parameters<typeof recommendedFor>[0]) => recommendedFor(choice).map(({ id }) => id);

  it('combo recommends 79, health 78, biological age 1, genetic analysis 74 and 47', () => {
    expect(ids('combo')).toEqual([79]);
    expect(ids('health')).toEqual([78]);
    expect(ids('biologicalAge')).toEqual([1]);
    expect(ids('genetic')).toEqual([74, 47]);
  });

  it('nothing before an answer, nor for the institution flows', () => {
    expect(ids(null)).toEqual([]);
    for (const choice of ['institution', ...INSTITUTION_CHOICES] as const) expect(ids(choice)).toEqual([]);
  });

  it('answers the same list each time, so that a view comparing answers sees no change', () => {
    expect(recommendedFor('genetic')).toBe(recommendedFor('genetic'));
    expect(recommendedFor(null)).toBe(recommendedFor(null));
  });

  it('the answers that go to step 5 set the unit type to the healthcare practice type; the others none', () => {
    expect(unitTypeFor('biologicalAge')).toBe(UnitType.HCP);
    expect(unitTypeFor('genetic')).toBe(UnitType.HCP);
    for (const choice of ['combo', 'health', 'institution', ...INSTITUTION_CHOICES] as const) expect(unitTypeFor(choice)).toBeNull();
  });
});

describe('the recommended products as the catalogue describes them', () => {
  const product = (id: number | string, name: string) => ({ id, uid: `u-${id}`, name, description: null, sku: null, price: 1 });
  const catalogue = [product(47, 'Drug response'), product('74', 'Genetic'), product(5, 'Other')];

  it('pairs each recommended id with its catalogue product and the static quiz price, in the quiz order', () => {
    expect(quizCards(recommendedFor('genetic'), catalogue)).toEqual([
      { product: catalogue[1], price: 200 },
      { product: catalogue[0], price: 160 },
    ]);
  });

  it('leaves out an id the catalogue does not list, and shows nothing before the catalogue has loaded', () => {
    expect(quizCards(recommendedFor('combo'), catalogue)).toEqual([]);
    expect(quizCards(recommendedFor('genetic'), undefined)).toEqual([]);
  });
});

describe('the analysis upload (ordering §2)', () => {
  it('takes a zip of up to 5 GB, with reports within 48 hours', () => {
    expect(ANALYSIS_UPLOAD_MAX_GB).toBe(5);
    expect(ANALYSIS_REPORT_HOURS).toBe(48);
    expect(QuizText.analysisUploadLimit).toContain('zip file of up to 5 GB');
    expect(QuizText.analysisReportTime).toContain('within 48 hours');
  });

  it('labels each step 1 answer and each institution flow', () => {
    expect(Object.keys(QuizText.services)).toEqual([...SERVICE_CHOICES]);
    expect(Object.keys(QuizText.institution)).toEqual([...INSTITUTION_CHOICES]);
    expect(QuizText.addAnother).toBe('+ Add another test');
  });
});
