import { Typography } from 'antd';
import { useId, type ReactNode } from 'react';

/** A part of the checkout form, named by its heading for screen readers' landmarks and headings lists. */
export function CheckoutSection({ title, children }: { title: string; children: ReactNode }) {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} style={{ marginBottom: 24 }}>
      <Typography.Title level={3} id={headingId} style={{ fontSize: 18, marginTop: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </section>
  );
}
