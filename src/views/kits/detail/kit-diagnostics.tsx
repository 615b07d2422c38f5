import { DownloadOutlined } from '@ant-design/icons';
import { Button, Table, Typography } from 'antd';
import { useId } from 'react';
import type { KitDiagnostic } from '../../../model/kits/kit';
import { DiagnosticsText } from '../../../model/kits/kit-detail-texts';
import { diagnosticLabel } from '../../../model/kits/kit-reports';
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
        <Table<KitDiagnostic>
          aria-label={DiagnosticsText.tableLabel}
          rowKey={(file) => String(file.id)}
          dataSource={[...files]}
          pagination={false}
          columns={[
            {
              key: 'name',
              title: DiagnosticsText.fileName,
              render: (_: unknown, file: KitDiagnostic) =>
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
              align: 'right',
              render: (_: unknown, file: KitDiagnostic) => (
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
