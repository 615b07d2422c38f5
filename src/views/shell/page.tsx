import { Typography } from 'antd';
import type { ReactNode } from 'react';

/** A page's heading. Screens that later work builds show only this, never invented content. */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <header style={{ marginBottom: 24 }}>
      <Typography.Title level={2} style={{ margin: 0 }}>
        {title}
      </Typography.Title>
      {children}
    </header>
  );
}
