import { Alert, Button, Card, Flex, Progress, Typography } from 'antd';
import { useId } from 'react';
import { AnalysisPageText } from '../../../model/orders/analysis-texts';
import type { AnalysisUploadView } from '../../../machines/orders/analysis-upload.selectors';

interface Props {
  view: AnalysisUploadView;
  onPause: () => void;
  onResume: () => void;
  onCancel: () => void;
}

/** The transfer: the bar with "x of y sent", speed and time left, the offline notice, and Pause / Resume / Cancel. */
export function AnalysisProgressPanel({ view, onPause, onResume, onCancel }: Props) {
  const labelId = useId();
  const { progress } = view;
  const verifying = view.stage === 'verifying';
  return (
    <Card className="analysis-card">
      <Flex vertical gap={12}>
        <Typography.Title level={3} className="analysis-title" id={labelId}>
          {AnalysisPageText.uploadingTitle(view.fileName)}
        </Typography.Title>
        <Progress
          percent={verifying ? 100 : progress.percent}
          status={verifying ? 'active' : view.paused || view.offline ? 'normal' : 'active'}
          aria-labelledby={labelId}
          aria-label={AnalysisPageText.progressLabel}
        />
        <Flex gap={16} wrap className="analysis-figures">
          <span>{progress.sentOf}</span>
          {progress.speed && !verifying ? <span>{progress.speed}</span> : null}
          {progress.timeLeft && !verifying ? <span>{progress.timeLeft}</span> : null}
        </Flex>
        {view.offline ? <Alert type="warning" showIcon role="status" title={AnalysisPageText.offline} /> : null}
        {view.status && !view.offline ? (
          <Typography.Text type="secondary" role="status">
            {view.status}
          </Typography.Text>
        ) : null}
        {verifying ? (
          <Typography.Text type="secondary" role="status">
            {AnalysisPageText.verifying}
          </Typography.Text>
        ) : null}
        {verifying ? null : (
          <Flex gap={8} wrap>
            {view.paused ? (
              <Button type="primary" onClick={onResume} disabled={!view.canResume}>
                {AnalysisPageText.resume}
              </Button>
            ) : (
              <Button onClick={onPause} disabled={!view.canPause}>
                {AnalysisPageText.pause}
              </Button>
            )}
            <Button danger onClick={onCancel} disabled={!view.canCancel}>
              {AnalysisPageText.cancel}
            </Button>
          </Flex>
        )}
      </Flex>
    </Card>
  );
}
