import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { UnitType } from '../../src/model/enums';
import { INSTITUTION_CHOICES, QuizStep, SERVICE_CHOICES, type QuizChoice } from '../../src/model/orders/quiz';
import { quizMachine, type QuizEvent } from '../../src/machines/orders/quiz.machine';
import { selectQuiz } from '../../src/machines/orders/quiz.selectors';
import { browser } from '../../src/services/platform/browser';
import { describePaths, recordTransitions } from '../support/path-tests';

const effects = { goToNewOrder: vi.fn() };

const inspect = recordTransitions();

const ids = (snapshot: Parameters<typeof selectQuiz>[0]) => selectQuiz(snapshot).recommended.map((product) => product.id);

beforeEach(() => vi.clearAllMocks());

describePaths(quizMachine, {
  name: 'order quiz (ordering §2): every path through the six steps',
  // Every answer is tried on every step, so that an answer a step does not offer is seen to lead nowhere.
  events: {
    'quiz.choose': [...SERVICE_CHOICES, ...INSTITUTION_CHOICES].map((choice: QuizChoice) => ({ type: 'quiz.choose', choice })),
  },
  provide: { actions: effects },
  check: { context: true, tags: true },
  afterPath: ({ snapshot }) => {
    const view = selectQuiz(snapshot);
    switch (view.step) {
      case QuizStep.recommendation:
        // The combo or the health product, with "+ Add another test".
        expect([[79], [78]]).toContainEqual(ids(snapshot));
        expect(view.unitType).toBeNull();
        expect(view.canAddAnother).toBe(true);
        break;
      case QuizStep.practiceRecommendation:
        // The other tests, and the unit type set to the healthcare practice type.
        expect([[1], [74, 47]]).toContainEqual(ids(snapshot));
        expect(view.unitType).toBe(UnitType.HCP);
        expect(view.canAddAnother).toBe(false);
        break;
      default:
        // Step 1 (after a reset), 3, 4 and 6: nothing chosen is remembered and nothing is recommended.
        expect(snapshot.context).toEqual({ choice: null, unitType: null });
        expect(view.recommended).toEqual([]);
        expect(view.canAddAnother).toBe(false);
    }
    expect(view.asking).toBe(snapshot.status === 'active' && (view.step === QuizStep.services || view.step === QuizStep.institution));
    // Back on step 1, and only there, leaves for the new order page, once.
    expect(effects.goToNewOrder).toHaveBeenCalledTimes(snapshot.status === 'done' ? 1 : 0);
    expect(view.canGoBack).toBe(snapshot.status === 'active');
  },
});

function walk(...events: QuizEvent[]) {
  const actor = createActor(quizMachine.provide({ actions: effects }), { inspect }).start();
  for (const event of events) actor.send(event);
  return actor;
}

describe('order quiz answers (ordering §2)', () => {
  it.each([
    ['combo', QuizStep.recommendation, [79]],
    ['health', QuizStep.recommendation, [78]],
    ['biologicalAge', QuizStep.practiceRecommendation, [1]],
    ['genetic', QuizStep.practiceRecommendation, [74, 47]],
    ['institution', QuizStep.institution, []],
  ] as const)('step 1 answer %s goes to step %i recommending %j', (choice, step, recommended) => {
    const actor = walk({ type: 'quiz.choose', choice });
    expect(selectQuiz(actor.getSnapshot()).step).toBe(step);
    expect(ids(actor.getSnapshot())).toEqual(recommended);
    actor.stop();
  });

  it('an institution answer on step 1, or a step 1 answer on step 3, is not taken', () => {
    const actor = walk({ type: 'quiz.choose', choice: 'analysisOnly' });
    expect(selectQuiz(actor.getSnapshot()).step).toBe(QuizStep.services);
    actor.send({ type: 'quiz.choose', choice: 'institution' });
    actor.send({ type: 'quiz.choose', choice: 'combo' });
    expect(selectQuiz(actor.getSnapshot()).step).toBe(QuizStep.institution);
    actor.stop();
  });

  it('"+ Add another test" after a step-5 answer is not offered, and Back there resets the unit type', () => {
    const actor = walk({ type: 'quiz.choose', choice: 'genetic' }, { type: 'quiz.addAnother' });
    expect(selectQuiz(actor.getSnapshot()).step).toBe(QuizStep.practiceRecommendation);
    actor.send({ type: 'quiz.back' });
    expect(selectQuiz(actor.getSnapshot())).toMatchObject({ step: QuizStep.services, unitType: null, recommended: [] });
    expect(effects.goToNewOrder).not.toHaveBeenCalled();
    actor.stop();
  });

  it('by default Back on step 1 moves the browser to /orders/new', () => {
    const navigate = vi.spyOn(browser, 'navigate').mockImplementation(() => {});
    const actor = createActor(quizMachine, { inspect }).start();
    actor.send({ type: 'quiz.back' });
    expect(navigate).toHaveBeenCalledWith('/orders/new');
    expect(actor.getSnapshot().status).toBe('done');
  });
});
