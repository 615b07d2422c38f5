import { Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { CheckoutClass } from './checkout-styles';

/** A part of the checkout form, named by its heading for screen readers' landmarks and headings lists. */
export function CheckoutSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} className={CheckoutClass.section}>
      <Typography.Title level={3} id={headingId} className={CheckoutClass.sectionTitle}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}
