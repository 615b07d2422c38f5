import { FileExcelOutlined, FileTextOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Modal, Space, Table, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { manifestColumns, manifestKind } from '../../../model/orders/manifest';
import { ManifestPageText, manifestColumnHelp } from '../../../model/orders/manifest-page-texts';
import { manifestTemplateUrl } from '../../../services/manifest-check';
import { VisuallyHidden } from '../../parts/visually-hidden';
import { StepCard } from './step-card';

/**
 * Ordering §2 Step 1: the template for this unit (HCP's, or the research one), as .xlsx and .csv, each opened
 * in a new tab; and the instructions modal saying what each column takes.
 */
export function TemplateStep({ step, unitType, productIds }: { step: number; unitType: number; productIds: readonly string[] }) {
  const [open, setOpen] = useState(false);
  const kind = manifestKind(unitType);
  const link = (format: 'xlsx' | 'csv', label: string, icon: ReactNode) => (
    <Button href={manifestTemplateUrl(kind, format)} target="_blank" rel="noopener noreferrer" icon={icon}>
      {label}
      <VisuallyHidden> {ManifestPageText.newTab}</VisuallyHidden>
    </Button>
  );
  return (
    <StepCard step={step} title={ManifestPageText.downloadTemplate}>
      <Typography.Paragraph>
        <Typography.Text strong>{kind === 'hcp' ? ManifestPageText.hcpTemplate : ManifestPageText.researchTemplate}</Typography.Text>
        {'. '}
        {ManifestPageText.templateIntro}
      </Typography.Paragraph>
      <Space wrap>
        {link('xlsx', ManifestPageText.templateXlsx, <FileExcelOutlined aria-hidden />)}
        {link('csv', ManifestPageText.templateCsv, <FileTextOutlined aria-hidden />)}
        <Button type="link" icon={<QuestionCircleOutlined aria-hidden />} onClick={() => setOpen(true)}>
          {ManifestPageText.instructions}
        </Button>
      </Space>
      <Modal
        open={open}
        title={ManifestPageText.instructionsTitle}
        onCancel={() => setOpen(false)}
        footer={<Button onClick={() => setOpen(false)}>{ManifestPageText.close}</Button>}
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
    </StepCard>
  );
}
