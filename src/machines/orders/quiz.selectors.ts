import type { SnapshotFrom } from 'xstate';
import type { UnitType } from '../../model/enums';
import { QuizStep, recommendedFor, type QuizProduct } from '../../model/orders/quiz';
import type { quizMachine } from './quiz.machine';

type QuizSnapshot = SnapshotFrom<typeof quizMachine>;
type QuizState = QuizSnapshot['value'];

/** Each state is one step of the specification; `left` keeps step 1 on screen while the page changes. */
const STEP_OF: Readonly<Record<QuizState, QuizStep>> = {
  services: QuizStep.services,
  recommendation: QuizStep.recommendation,
  institution: QuizStep.institution,
  labProcessing: QuizStep.labProcessing,
  practiceRecommendation: QuizStep.practiceRecommendation,
  analysisOnly: QuizStep.analysisOnly,
  left: QuizStep.services,
};

export interface QuizView {
  step: QuizStep;
  /** The step asks a question whose answers are `quiz.choose` events. */
  asking: boolean;
  /** The quiz products the step recommends, in the quiz catalogue's order; none on the other steps. */
  recommended: readonly QuizProduct[];
  /** The unit type the answer set, if any. */
  unitType: UnitType | null;
  canAddAnother: boolean;
  canGoBack: boolean;
}

export function selectQuiz(snapshot: QuizSnapshot): QuizView {
  const recommending = snapshot.hasTag('recommending');
  return {
    step: STEP_OF[snapshot.value],
    asking: snapshot.hasTag('asking'),
    recommended: recommending ? recommendedFor(snapshot.context.choice) : [],
    unitType: snapshot.context.unitType,
    canAddAnother: snapshot.can({ type: 'quiz.addAnother' }),
    canGoBack: snapshot.can({ type: 'quiz.back' }),
  };
}
