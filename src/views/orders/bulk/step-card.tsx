import { Card, theme } from 'antd';
import type { ReactNode } from 'react';
import { ManifestPageText } from '../../../model/orders/manifest-page-texts';

/** One numbered step of the page (ordering §2): "Step n" above the step's name, as the step's heading. */
export function StepCard({ step, title, extra, children }: { step: number; title: string; extra?: ReactNode; children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <Card
      style={{ marginBottom: token.marginLG }}
      extra={extra}
      title={
        <h3 style={{ margin: 0, fontSize: token.fontSizeLG, lineHeight: token.lineHeightLG, fontWeight: token.fontWeightStrong }}>
          <span style={{ display: 'block', color: token.colorTextSecondary, fontSize: token.fontSizeSM, fontWeight: 'normal' }}>
            {ManifestPageText.step(step)}
          </span>{' '}
          {title}
        </h3>
      }
    >
      {children}
    </Card>
  );
}
