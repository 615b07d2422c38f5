import { Card, Flex, Spin, Typography } from 'antd';
import { AnalysisPageText } from '../../../model/orders/analysis-texts';
import type { analysisUploadMachine } from '../../../machines/orders/analysis-upload.machine';
import { PageTitle } from '../../shell/page';
import { AnalysisDropZone } from './analysis-drop-zone';
import { AnalysisDone, AnalysisFailed } from './analysis-outcome-panel';
import { AnalysisProgressPanel } from './analysis-progress-panel';
import { useAnalysisUpload } from './use-analysis-upload';
import './analysis.css';

/**
 * Issue 42, "Analysis Upload" (/analysis): research institutions send the IDAT files of their own arrays as one zip,
 * up to 5 GB, over a resumable upload; the laboratory checks the archive and makes an analysis order of it.
 */
export function AnalysisUploadPage() {
  return <AnalysisUpload />;
}

/** The page with its workflow; `logic` lets a test give the workflow other effects. */
export function AnalysisUpload({ logic }: { logic?: typeof analysisUploadMachine }) {
  const page = useAnalysisUpload(logic);
  const { view } = page;
  return (
    <>
      <PageTitle title={AnalysisPageText.heading}>
        <Typography.Paragraph type="secondary" className="analysis-flush">
          {AnalysisPageText.intro}
        </Typography.Paragraph>
      </PageTitle>
      <Flex vertical gap={16} className="analysis-page">
        <Card className="analysis-card">
          <Typography.Title level={3} className="analysis-title">
            {AnalysisPageText.whatToSendTitle}
          </Typography.Title>
          <ul className="analysis-list">
            {AnalysisPageText.whatToSend.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </Card>
        {view.stage === 'choosing' ? <AnalysisDropZone offers={view.offers} onChoose={page.choose} /> : null}
        {view.stage === 'checking' ? (
          <Flex gap={8} align="center" role="status">
            <Spin size="small" />
            <Typography.Text>{AnalysisPageText.checking}</Typography.Text>
          </Flex>
        ) : null}
        {view.stage === 'transfer' || view.stage === 'verifying' ? (
          <AnalysisProgressPanel view={view} onPause={page.pause} onResume={page.resume} onCancel={page.cancel} />
        ) : null}
        {view.stage === 'done' ? <AnalysisDone view={view} onAgain={page.reset} /> : null}
        {view.stage === 'failed' ? <AnalysisFailed view={view} onRetry={page.retry} onChooseAnother={page.reset} /> : null}
      </Flex>
    </>
  );
}
