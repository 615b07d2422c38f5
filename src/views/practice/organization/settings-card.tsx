import { Card, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import '../practice.css';

/** One part of a settings tab, named by its heading so that it is a landmark a screen reader can jump to. */
export function SettingsCard({ title, level = 3, children }: { title: string; level?: 2 | 3; children: ReactNode }) {
  const headingId = useId();
  return (
    <Card
      role="region"
      aria-labelledby={headingId}
      title={
        <Typography.Title level={level} id={headingId} className={`practice-card-title-${level}`}>
          {title}
        </Typography.Title>
      }
      className="practice-block"
    >
      {children}
    </Card>
  );
}
