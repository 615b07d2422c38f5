import { Alert, Button, Flex, Result, Typography } from 'antd';
import { Link } from 'wouter';
import { AnalysisPageText } from '../../../model/orders/analysis-texts';
import type { AnalysisUploadView } from '../../../machines/orders/analysis-upload.selectors';

/** The archive became an order: its number, a link to it, and another upload. */
export function AnalysisDone({ view, onAgain }: { view: AnalysisUploadView; onAgain: () => void }) {
  const number = view.orderNumber ?? '';
  return (
    <Result
      status="success"
      title={<span role="status">{AnalysisPageText.doneTitle(number)}</span>}
      subTitle={
        <Flex vertical gap={4}>
          <span>{AnalysisPageText.doneDetail}</span>
          {view.dueBy ? <span>{view.dueBy}</span> : null}
        </Flex>
      }
      extra={
        <Flex gap={8} wrap justify="center">
          {view.orderPath ? (
            <Link href={view.orderPath} asChild>
              <Button type="primary">{AnalysisPageText.viewOrder(number)}</Button>
            </Link>
          ) : null}
          <Button onClick={onAgain}>{AnalysisPageText.uploadAnother}</Button>
        </Flex>
      }
    />
  );
}

/** The upload or the archive was refused: the server's words, what to fix, and the two ways on. */
export function AnalysisFailed({
  view,
  onRetry,
  onChooseAnother,
}: {
  view: AnalysisUploadView;
  onRetry: () => void;
  onChooseAnother: () => void;
}) {
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      title={AnalysisPageText.failedTitle}
      description={
        <Flex vertical gap={8}>
          <Typography.Paragraph className="analysis-flush">{view.error}</Typography.Paragraph>
          {view.problems.length > 0 ? (
            <>
              <Typography.Text strong>{AnalysisPageText.problemsTitle}</Typography.Text>
              <ul className="analysis-list">
                {view.problems.map((problem) => (
                  <li key={problem}>{problem}</li>
                ))}
              </ul>
            </>
          ) : null}
          <Flex gap={8} wrap>
            {view.canRetry ? (
              <Button type="primary" onClick={onRetry}>
                {AnalysisPageText.tryAgain}
              </Button>
            ) : null}
            <Button type={view.canRetry ? 'default' : 'primary'} onClick={onChooseAnother}>
              {AnalysisPageText.chooseAnother}
            </Button>
          </Flex>
        </Flex>
      }
    />
  );
}
