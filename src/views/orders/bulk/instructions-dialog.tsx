import { Button, Modal, Table, Typography } from 'antd';
import { manifestColumns } from '../../../model/orders/manifest';
import { manifestColumnHelp } from '../../../model/orders/manifest-column-help';
import { VisuallyHidden } from '../../parts/visually-hidden';
import { ManifestPageText } from '../../../model/orders/manifest-texts';

/** Ordering §2 Step 1's instructions: what each column of this unit's template takes. */
export function InstructionsDialog({
  open,
  onClose,
  unitType,
  productIds,
}: {
  open: boolean;
  onClose: () => void;
  unitType: number;
  productIds: readonly string[];
}) {
  return (
    <Modal
      open={open}
      title={ManifestPageText.instructionsTitle}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{ManifestPageText.close}</Button>}
      width={720}
    >
      <Typography.Paragraph>{ManifestPageText.instructionsIntro}</Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        rowKey="column"
        caption={<VisuallyHidden>{ManifestPageText.instructionsTitle}</VisuallyHidden>}
        dataSource={manifestColumns(unitType).map((column) => ({ column, help: manifestColumnHelp(column, productIds) }))}
        columns={[
          {
            title: ManifestPageText.column,
            dataIndex: 'column',
            render: (column: string) => <Typography.Text strong>{column}</Typography.Text>,
          },
          { title: ManifestPageText.meaning, dataIndex: 'help' },
        ]}
      />
    </Modal>
  );
}
