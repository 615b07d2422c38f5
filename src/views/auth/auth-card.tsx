import { Flex } from 'antd';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../shell/page';
import './auth.css';

/**
 * The centred panel every signed-out page (sign-in, forgot, restore, migration) sits in. Plain elements
 * styled with antd's tokens (auth.css) rather than Card and Typography, which would bring Tabs, Tooltip and their
 * motion code into the sign-in page's first load.
 */
export function AuthCard({ title, children, footer }: { title: string; children?: ReactNode; footer?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <Flex align="center" justify="center" className="auth-page">
      <main className="auth-main">
        <section className="auth-card">
          <h1 className="auth-title">{title}</h1>
          {children}
        </section>
        {footer}
      </main>
    </Flex>
  );
}

/** Small print under the panel, such as the build identifier. */
export function AuthFootnote({ children }: { children: ReactNode }) {
  return <p className="auth-footnote">{children}</p>;
}
