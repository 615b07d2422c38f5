import { useEffect, type ReactNode } from 'react';
import { PRODUCT_NAME } from '../../model/constants';
import { documentTitle } from '../../model/shell/navigation';
import './shell.css';

/** Names the browser tab and history entry after the screen, so a user can tell open pages apart. */
export function useDocumentTitle(heading: string) {
  useEffect(() => {
    document.title = documentTitle(heading);
    // While the next screen loads, the tab says the product rather than the screen just left.
    return () => {
      document.title = PRODUCT_NAME;
    };
  }, [heading]);
}

/**
 * A page's heading, which also titles the document. Screens that later work builds show only this, never
 * invented content. A plain element styled with antd's heading tokens (shell.css) rather than Typography: the
 * signed-out pages share this module for their titles, and Typography would weigh on the sign-in page.
 */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  useDocumentTitle(title);
  return (
    <header className="shell-page-header">
      <h2 className="shell-page-title">{title}</h2>
      {children}
    </header>
  );
}
