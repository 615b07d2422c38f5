import { assign, setup } from 'xstate';
import type { UnitType } from '../../model/enums';
import { Paths } from '../../model/shell/navigation';
import { QuizStep, stepAfter, unitTypeFor, type QuizChoice } from '../../model/orders/quiz';
import { browser } from '../../services/platform/browser';

/**
 * The order quiz (ordering §2): step 1 asks what services are wanted; its answer leads to a recommended
 * product (steps 2 and 5) or to the institution question (step 3) and its pages (steps 4 and 6). Which
 * answer leads where is the model's rule (`stepAfter`); the machine only follows it. "+ Add another test"
 * and Back return to step 1 with nothing chosen; Back on step 1 leaves for the new order page.
 */

export interface QuizContext {
  /** Step 1's answer while a recommendation shows; the products to show follow from it. */
  choice: QuizChoice | null;
  /** The unit type the answer sets: the healthcare practice type for the step-5 answers. */
  unitType: UnitType | null;
}

export type QuizEvent = { type: 'quiz.choose'; choice: QuizChoice } | { type: 'quiz.addAnother' } | { type: 'quiz.back' };

type Route = { from: QuizStep; to: QuizStep };

const NOTHING_CHOSEN: QuizContext = { choice: null, unitType: null };

export const quizMachine = setup({
  types: {
    context: {} as QuizContext,
    events: {} as QuizEvent,
  },
  guards: {
    leadsTo: ({ event }, { from, to }: Route) => event.type === 'quiz.choose' && stepAfter(from, event.choice) === to,
  },
  actions: {
    assignChoice: assign((_, { choice }: { choice: QuizChoice }) => ({ choice, unitType: unitTypeFor(choice) })),
    reset: assign(NOTHING_CHOSEN),
    goToNewOrder: () => browser.navigate(Paths.newOrder),
  },
}).createMachine({
  id: 'orderQuiz',
  context: NOTHING_CHOSEN,
  initial: 'services',
  states: {
    services: {
      description: 'Step 1: what services are wanted, five answers.',
      tags: ['asking'],
      on: {
        'quiz.choose': [
          {
            guard: { type: 'leadsTo', params: { from: QuizStep.services, to: QuizStep.recommendation } },
            target: 'recommendation',
            actions: { type: 'assignChoice', params: ({ event }) => ({ choice: event.choice }) },
          },
          {
            guard: { type: 'leadsTo', params: { from: QuizStep.services, to: QuizStep.practiceRecommendation } },
            target: 'practiceRecommendation',
            actions: { type: 'assignChoice', params: ({ event }) => ({ choice: event.choice }) },
          },
          { guard: { type: 'leadsTo', params: { from: QuizStep.services, to: QuizStep.institution } }, target: 'institution' },
        ],
        'quiz.back': 'left',
      },
    },
    recommendation: {
      description: 'Step 2: the recommended combo or health product, and "+ Add another test".',
      tags: ['recommending'],
      on: {
        'quiz.addAnother': { target: 'services', actions: 'reset' },
        'quiz.back': { target: 'services', actions: 'reset' },
      },
    },
    institution: {
      description: 'Step 3: which lab services an institution needs.',
      tags: ['asking'],
      on: {
        'quiz.choose': [
          { guard: { type: 'leadsTo', params: { from: QuizStep.institution, to: QuizStep.labProcessing } }, target: 'labProcessing' },
          { guard: { type: 'leadsTo', params: { from: QuizStep.institution, to: QuizStep.analysisOnly } }, target: 'analysisOnly' },
        ],
        'quiz.back': { target: 'services', actions: 'reset' },
      },
    },
    labProcessing: {
      description: 'Step 4: lab-only sample processing, with links to the manifest upload and the developer settings.',
      on: { 'quiz.back': { target: 'services', actions: 'reset' } },
    },
    practiceRecommendation: {
      description: 'Step 5: the recommended biological-age or genetic products, for the healthcare practice type.',
      tags: ['recommending'],
      on: { 'quiz.back': { target: 'services', actions: 'reset' } },
    },
    analysisOnly: {
      description: 'Step 6: analysis only, with links to the IDAT upload, the manifest upload and the developer settings.',
      on: { 'quiz.back': { target: 'services', actions: 'reset' } },
    },
    left: {
      description: 'Back on step 1: the quiz hands over to the new order page.',
      type: 'final',
      entry: 'goToNewOrder',
    },
  },
});
