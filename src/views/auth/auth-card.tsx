import { Flex, theme } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../shell/page';

/**
 * The centred panel every signed-out page (sign-in, forgot, restore, migration) sits in. Plain elements
 * styled with antd's tokens rather than Card and Typography, which would bring Tabs, Tooltip and their
 * motion code into the sign-in page's first load.
 */
export function AuthCard({ title, children, footer }: { title: string; children?: ReactNode; footer?: ReactNode }) {
  const { token } = theme.useToken();
  useDocumentTitle(title);
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh', padding: token.padding, background: token.colorBgLayout }}>
      <main style={{ width: '100%', maxWidth: 420 }}>
        <section
          style={{
            background: token.colorBgContainer,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            padding: token.paddingLG,
          }}
        >
          <h1
            style={{
              margin: `0 0 ${token.marginLG}px`,
              textAlign: 'center',
              color: token.colorTextHeading,
              fontSize: token.fontSizeHeading2,
              lineHeight: token.lineHeightHeading2,
              fontWeight: token.fontWeightStrong,
            }}
          >
            {title}
          </h1>
          {children}
        </section>
        {footer}
      </main>
    </Flex>
  );
}

/** Small print under the panel, such as the build identifier. */
export function AuthFootnote({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <p style={{ textAlign: 'center', marginTop: token.marginSM, fontSize: token.fontSizeSM, color: token.colorTextSecondary }}>
      {children}
    </p>
  );
}
