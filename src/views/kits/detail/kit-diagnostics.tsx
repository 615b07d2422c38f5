import { DownloadOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { useId } from 'react';
import type { KitDiagnostic } from '../../../model/kits/kit';
import { DiagnosticsText } from '../../../model/kits/kit-detail-texts';
import { diagnosticLabel } from '../../../model/kits/kit-reports';
import { DataTable } from '../../parts/data-table';
import { VisuallyHidden } from '../../parts/visually-hidden';

/**
 * Kits §2 "Diagnostics Files": each file's name as a link to it (in a new tab) and a download button, or "No
 * Diagnostic available". A file the service sent without a link shows its name only.
 */
export function KitDiagnostics({ files }: { files: readonly KitDiagnostic[] }) {
  const titleId = useId();
  return (
    <section aria-labelledby={titleId}>
      <Typography.Title level={3} id={titleId}>
        {DiagnosticsText.title}
      </Typography.Title>
      {files.length === 0 ? (
        <Typography.Paragraph type="secondary">{DiagnosticsText.empty}</Typography.Paragraph>
      ) : (
        <DataTable<KitDiagnostic>
          label={DiagnosticsText.tableLabel}
          rowKey={(file) => String(file.id)}
          rows={files}
          empty={DiagnosticsText.empty}
          columns={[
            {
              key: 'name',
              title: DiagnosticsText.fileName,
              render: (file) =>
                file.fileUrl ? (
                  <Typography.Link href={file.fileUrl} target="_blank" rel="noopener noreferrer">
                    {diagnosticLabel(file)} <VisuallyHidden>{DiagnosticsText.opensInNewTab}</VisuallyHidden>
                  </Typography.Link>
                ) : (
                  diagnosticLabel(file)
                ),
            },
            {
              key: 'download',
              title: <VisuallyHidden>{DiagnosticsText.download}</VisuallyHidden>,
              align: 'end',
              render: (file) => (
                <Button
                  icon={<DownloadOutlined aria-hidden />}
                  href={file.fileUrl ?? undefined}
                  download={diagnosticLabel(file)}
                  disabled={!file.fileUrl}
                  aria-label={DiagnosticsText.downloadFile(diagnosticLabel(file))}
                >
                  {DiagnosticsText.download}
                </Button>
              ),
            },
          ]}
        />
      )}
    </section>
  );
}
