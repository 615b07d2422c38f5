import { shallowEqual, useSelector } from '@xstate/react';
import { Button } from 'antd';
import { useMemo } from 'react';
import { useLocation } from 'wouter';
import { Paths } from '../../model/shell/navigation';
import { INSTITUTION_CHOICES, QuizStep, QuizText, SERVICE_CHOICES, type QuizChoice } from '../../model/orders/quiz';
import { quizMachine } from '../../machines/orders/quiz.machine';
import { selectQuiz, type QuizView } from '../../machines/orders/quiz.selectors';
import { PageTitle } from '../shell/page';
import { useWorkflow } from '../use-workflow';
import { AnalysisStep, LabProcessingStep } from './quiz-institution';
import { QuizQuestion } from './quiz-question';
import { QuizRecommendation } from './quiz-recommendation';
import './orders.css';

const SERVICE_OPTIONS = SERVICE_CHOICES.map((choice) => ({ choice, label: QuizText.services[choice] }));
const INSTITUTION_OPTIONS = INSTITUTION_CHOICES.map((choice) => ({ choice, label: QuizText.institution[choice] }));

/** Ordering §2 "Order quiz" (/orders/quiz): one step at a time, as the quiz's machine says. */
export function QuizPage() {
  const [, navigate] = useLocation();
  // The router's own navigation, so that leaving for the new order page respects its base path.
  const machine = useMemo(() => quizMachine.provide({ actions: { goToNewOrder: () => navigate(Paths.newOrder) } }), [navigate]);
  const actor = useWorkflow(machine);
  const view = useSelector(actor, selectQuiz, shallowEqual);
  const choose = (choice: QuizChoice) => actor.send({ type: 'quiz.choose', choice });

  return (
    <>
      <PageTitle title={QuizText.title} />
      <QuizStepContent
        view={view}
        onChoose={choose}
        onAddAnother={view.canAddAnother ? () => actor.send({ type: 'quiz.addAnother' }) : undefined}
      />
      {view.canGoBack && (
        <Button onClick={() => actor.send({ type: 'quiz.back' })} className="orders-quiz-back">
          {QuizText.back}
        </Button>
      )}
    </>
  );
}

function QuizStepContent({
  view,
  onChoose,
  onAddAnother,
}: {
  view: QuizView;
  onChoose: (choice: QuizChoice) => void;
  onAddAnother: (() => void) | undefined;
}) {
  switch (view.step) {
    case QuizStep.services:
      return <QuizQuestion question={QuizText.servicesQuestion} options={SERVICE_OPTIONS} onChoose={onChoose} />;
    case QuizStep.institution:
      return <QuizQuestion question={QuizText.institutionQuestion} options={INSTITUTION_OPTIONS} onChoose={onChoose} />;
    case QuizStep.recommendation:
    case QuizStep.practiceRecommendation:
      return <QuizRecommendation recommended={view.recommended} onAddAnother={onAddAnother} />;
    case QuizStep.labProcessing:
      return <LabProcessingStep />;
    case QuizStep.analysisOnly:
      return <AnalysisStep />;
  }
}
