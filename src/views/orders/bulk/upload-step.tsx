import { PaperClipOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Tooltip, Typography } from 'antd';
import { Suspense, useId, useRef } from 'react';
import { MANIFEST_ACCEPT } from '../../../model/orders/manifest-sheet';
import { ManifestSpecText } from '../../../model/orders/manifest-texts';
import type { BulkUploadView, UploadButtonView } from '../../../machines/orders/bulk-upload.selectors';
import type { ManifestCheckView } from '../../../machines/orders/manifest-check.selectors';
import { lazyNamed } from '../../lazy';
import { StepCard } from './step-card';
import { ManifestPageText } from '../../../model/orders/manifest-texts';

// The check's preview draws its rows with antd's Table: it loads as the user reaches for Choose File, before any file.
const loadPreview = () => import('./manifest-preview');
const ManifestPreview = lazyNamed(loadPreview, 'ManifestPreview');
const prefetchPreview = () => void loadPreview();

interface UploadStepProps {
  step: number;
  check: ManifestCheckView;
  upload: BulkUploadView;
  button: UploadButtonView;
  onChoose: (file: File) => void;
  onUpload: () => void;
  onDownloadErrors: () => void;
  onDownloadRefusedRows: () => void;
}

/**
 * Ordering §2 "Upload Your File": the file chooser (.xlsx, .xls, .csv), the chosen file's name, the check's
 * preview, Upload File with the §5 reason it is disabled, and the italic charge note.
 */
export function UploadStep({ step, check, upload, button, onChoose, onUpload, onDownloadErrors, onDownloadRefusedRows }: UploadStepProps) {
  const input = useRef<HTMLInputElement>(null);
  const fileNameId = useId();
  const reasonId = useId();
  const locked = upload.busy || upload.uploaded;
  return (
    <StepCard step={step} title={ManifestPageText.uploadYourFile}>
      <Flex vertical gap={16}>
        {/* Hidden: the button below opens it, with a name and a focus ring the native control lacks in both themes. */}
        <input
          ref={input}
          type="file"
          accept={MANIFEST_ACCEPT}
          aria-label={ManifestPageText.fileInputLabel}
          hidden
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // Cleared so that choosing the same file again, after fixing it, is a new choice.
            event.target.value = '';
            if (chosen) onChoose(chosen);
          }}
        />
        <Flex align="center" gap={12} wrap>
          <Button
            icon={<PaperClipOutlined aria-hidden />}
            onClick={() => input.current?.click()}
            onMouseEnter={prefetchPreview}
            onFocus={prefetchPreview}
            disabled={locked}
            aria-describedby={fileNameId}
          >
            {ManifestPageText.chooseFile}
          </Button>
          <Typography.Text id={fileNameId} type={check.fileName ? undefined : 'secondary'}>
            {check.fileName ? ManifestPageText.selectedFile(check.fileName) : ManifestPageText.noFile}
          </Typography.Text>
        </Flex>
        {check.checking || check.failure || check.outcome ? (
          <Suspense fallback={<Spin size="small" />}>
            <ManifestPreview
              check={check}
              onDownloadErrors={onDownloadErrors}
              refused={{ errors: upload.rowErrors, canDownload: upload.canDownloadErrors, onDownload: onDownloadRefusedRows }}
            />
          </Suspense>
        ) : null}
        {upload.uploaded ? (
          <Alert type="success" showIcon role="status" title={ManifestSpecText.uploaded} description={ManifestPageText.uploadedRedirect} />
        ) : null}
        {upload.error ? <Alert type="error" showIcon title={upload.error} description={upload.detail ?? undefined} /> : null}
        <Flex align="center" gap={12} wrap>
          <Tooltip title={button.tooltip}>
            <Button
              type="primary"
              icon={<UploadOutlined aria-hidden />}
              loading={button.loading}
              disabled={button.disabled}
              aria-describedby={button.tooltip ? reasonId : undefined}
              onClick={onUpload}
            >
              {button.label}
            </Button>
          </Tooltip>
          {button.tooltip ? (
            <Typography.Text id={reasonId} type="secondary">
              {button.tooltip}
            </Typography.Text>
          ) : null}
        </Flex>
        <Typography.Text italic>{ManifestSpecText.chargeNote}</Typography.Text>
      </Flex>
    </StepCard>
  );
}
