import { Card, Flex, Typography } from 'antd';
import type { ReactNode } from 'react';

/** The centred card that every signed-out page (sign-in, forgot, restore, migration) sits in. */
export function AuthCard({ title, children, footer }: { title: string; children?: ReactNode; footer?: ReactNode }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: 16 }}>
      <main style={{ width: '100%', maxWidth: 420 }}>
        <Card>
          <Typography.Title level={2} style={{ marginTop: 0, textAlign: 'center' }}>
            {title}
          </Typography.Title>
          {children}
        </Card>
        {footer}
      </main>
    </Flex>
  );
}
