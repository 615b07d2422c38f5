import { Button, Flex, Typography } from 'antd';
import { useId } from 'react';
import './orders.css';

export interface QuizOption<TChoice extends string> {
  choice: TChoice;
  label: string;
}

/** A question of the quiz (steps 1 and 3): each answer is a button that moves on at once. */
export function QuizQuestion<TChoice extends string>({
  question,
  options,
  onChoose,
}: {
  question: string;
  options: readonly QuizOption<TChoice>[];
  onChoose: (choice: TChoice) => void;
}) {
  const headingId = useId();
  return (
    <div>
      <Typography.Title level={3} id={headingId}>
        {question}
      </Typography.Title>
      <Flex vertical gap={12} role="group" aria-labelledby={headingId} className="orders-quiz-options">
        {options.map(({ choice, label }) => (
          <Button key={choice} size="large" block onClick={() => onChoose(choice)} className="orders-quiz-option">
            {label}
          </Button>
        ))}
      </Flex>
    </div>
  );
}
