import { Card, Typography } from 'antd';
import { useId, type ReactNode } from 'react';

/** One part of a settings tab, named by its heading so that it is a landmark a screen reader can jump to. */
export function SettingsCard({ title, level = 3, children }: { title: string; level?: 2 | 3; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      title={
        <Typography.Title level={level} id={headingId} style={{ margin: 0, fontSize: level === 2 ? 20 : 16 }}>
          {title}
        </Typography.Title>
      }
      style={{ maxWidth: 720, marginBottom: 24 }}
    >
      {children}
    </Card>
  );
}
