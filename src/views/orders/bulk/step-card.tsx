import { Card } from 'antd';
import type { ReactNode } from 'react';
import '../orders.css';
import { ManifestPageText } from '../../../model/orders/manifest-texts';

/** One numbered step of the page (ordering §2): "Step n" above the step's name, as the step's heading. */
export function StepCard({ step, title, extra, children }: { step: number; title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <Card
      className="orders-step-card"
      extra={extra}
      title={
        <h3 className="orders-step-title">
          <span className="orders-step-number">{ManifestPageText.step(step)}</span> {title}
        </h3>
      }
    >
      {children}
    </Card>
  );
}
