import { DownloadOutlined } from '@ant-design/icons';
import { Alert, Button, Flex, Spin, Table } from 'antd';
import { ManifestColumn, type ManifestSample } from '../../../model/orders/manifest';
import type { ManifestRowProblem } from '../../../model/orders/manifest-answers';
import type { ManifestCheckView } from '../../../machines/orders/manifest-check.selectors';
import { ManifestPageText } from '../../../model/orders/manifest-texts';

/**
 * Issue 9 item 5: what the check found in the chosen file, before anything is uploaded: the rows ready to go
 * (and the first of them), each bad row with its column and reason (and the CSV download), or why the file
 * cannot be read. Rows the service refused on upload (issue 40 point 2) take the ready rows' place, in the same
 * table as the page's own.
 */
export function ManifestPreview({
  check,
  onDownloadErrors,
  refused,
}: {
  check: ManifestCheckView;
  onDownloadErrors: () => void;
  refused: { errors: readonly ManifestRowProblem[]; canDownload: boolean; onDownload: () => void };
}) {
  if (check.checking) {
    return (
      <Flex align="center" gap={8} role="status">
        <Spin size="small" />
        {ManifestPageText.checking}
      </Flex>
    );
  }
  if (check.failure) return <Alert type="error" showIcon title={check.failure} />;
  const outcome = check.outcome;
  if (!outcome) return null;
  if (outcome.kind === 'unreadable')
    return <Alert type="error" showIcon title={ManifestPageText.unreadableTitle} description={outcome.reason} />;
  if (outcome.kind === 'invalid') {
    return <RowErrors errors={outcome.errors} canDownload={check.canDownloadErrors} onDownload={onDownloadErrors} />;
  }
  if (refused.errors.length) return <RowErrors {...refused} />;
  return (
    <Flex vertical gap={12}>
      <Alert type="success" showIcon title={ManifestPageText.ready(outcome.count)} />
      <Table<ManifestSample>
        size="small"
        pagination={false}
        rowKey="row"
        scroll={{ x: true }}
        caption={ManifestPageText.previewCaption(outcome.preview.length, outcome.count)}
        dataSource={[...outcome.preview]}
        columns={[
          { title: ManifestPageText.row, dataIndex: 'row' },
          { title: ManifestColumn.uniqueId, dataIndex: 'uniqueId' },
          { title: ManifestColumn.productId, dataIndex: 'productId' },
          { title: ManifestColumn.collectionDate, dataIndex: 'collectionDate' },
          { title: ManifestColumn.dob, dataIndex: 'dob' },
          { title: ManifestColumn.sex, dataIndex: 'sex' },
          { title: ManifestColumn.clinicId, dataIndex: 'clinicId' },
        ]}
      />
    </Flex>
  );
}

function RowErrors({
  errors,
  canDownload,
  onDownload,
}: {
  errors: readonly ManifestRowProblem[];
  canDownload: boolean;
  onDownload: () => void;
}) {
  return (
    <Flex vertical gap={12}>
      <Alert
        type="error"
        showIcon
        title={ManifestPageText.rowErrorsTitle(errors.length)}
        action={
          <Button icon={<DownloadOutlined aria-hidden />} onClick={onDownload} disabled={!canDownload}>
            {ManifestPageText.downloadErrors}
          </Button>
        }
      />
      <Table<ManifestRowProblem & { key: string }>
        size="small"
        pagination={errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
        caption={ManifestPageText.rowErrorsCaption}
        dataSource={errors.map((error, index) => ({ ...error, key: `${error.row}-${error.column}-${index}` }))}
        columns={[
          { title: ManifestPageText.row, dataIndex: 'row', width: 80 },
          { title: ManifestPageText.column, dataIndex: 'column', width: 200 },
          { title: ManifestPageText.reason, dataIndex: 'reason' },
        ]}
      />
    </Flex>
  );
}
