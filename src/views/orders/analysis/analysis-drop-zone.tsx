import { InboxOutlined } from '@ant-design/icons';
import { Alert, Upload } from 'antd';
import { AnalysisPageText } from '../../../model/orders/analysis-texts';
import type { ResumeOffer } from '../../../machines/orders/analysis-upload.selectors';

/** The archive's types: the browser's dialog shows zip files first; the machine checks the file itself anyway. */
const ACCEPT = '.zip,application/zip,application/x-zip-compressed';

/**
 * The drop zone and file input (one .zip), with the unfinished uploads this account may resume above it: choosing the
 * same file again continues it from the server's offset.
 */
export function AnalysisDropZone({ offers, onChoose }: { offers: readonly ResumeOffer[]; onChoose: (file: File) => void }) {
  return (
    <>
      {offers.length > 0 ? (
        <Alert
          type="info"
          showIcon
          className="analysis-offers"
          title={AnalysisPageText.resumeOfferTitle}
          description={
            <ul className="analysis-list">
              {offers.map((offer) => (
                <li key={offer.key}>{offer.text}</li>
              ))}
            </ul>
          }
        />
      ) : null}
      <Upload.Dragger
        accept={ACCEPT}
        multiple={false}
        showUploadList={false}
        // The machine does the work: antd only hands over the chosen file.
        beforeUpload={(file) => {
          onChoose(file);
          return false;
        }}
        aria-label={AnalysisPageText.dropLabel}
      >
        <p className="ant-upload-drag-icon">
          <InboxOutlined aria-hidden />
        </p>
        <p className="ant-upload-text">{AnalysisPageText.dropTitle}</p>
        <p className="ant-upload-hint">{AnalysisPageText.dropHint}</p>
      </Upload.Dragger>
    </>
  );
}
