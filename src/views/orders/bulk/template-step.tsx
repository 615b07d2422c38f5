import { FileExcelOutlined, FileTextOutlined, QuestionCircleOutlined } from '@ant-design/icons';
import { Button, Space, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { manifestKind } from '../../../model/orders/manifest';
import { manifestTemplateUrl } from '../../../services/orders/manifest-check';
import { VisuallyHidden } from '../../parts/visually-hidden';
import { lazyNamed } from '../../lazy';
import { OnceOpened } from '../../parts/once-opened';
import { StepCard } from './step-card';
import { ManifestPageText } from '../../../model/orders/manifest-texts';

// The instructions (a dialog with antd's Modal and Table, 45 KB gzip) load when the user reaches for them.
const loadInstructions = () => import('./instructions-dialog');
const InstructionsDialog = lazyNamed(loadInstructions, 'InstructionsDialog');
const prefetchInstructions = () => void loadInstructions();

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
        <Button
          type="link"
          icon={<QuestionCircleOutlined aria-hidden />}
          onClick={() => setOpen(true)}
          onMouseEnter={prefetchInstructions}
          onFocus={prefetchInstructions}
        >
          {ManifestPageText.instructions}
        </Button>
      </Space>
      <OnceOpened open={open}>
        <InstructionsDialog open={open} onClose={() => setOpen(false)} unitType={unitType} productIds={productIds} />
      </OnceOpened>
    </StepCard>
  );
}
