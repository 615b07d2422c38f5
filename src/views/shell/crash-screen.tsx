import { Button } from 'antd';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { browser } from '../../services/platform/browser';
import { ErrorStatus } from './error-status';
import { useDocumentTitle } from './page';
import { CrashText } from '../../model/shell/shell-texts';

export function CrashScreen() {
  useDocumentTitle(CrashText.heading);
  return (
    <ErrorStatus
      heading="h1"
      title={CrashText.heading}
      subTitle={CrashText.body}
      extra={
        <Button type="primary" onClick={() => browser.reload()}>
          {CrashText.reload}
        </Button>
      }
    />
  );
}

/** Access §2: an unexpected rendering error shows the crash screen instead of a blank page. */
export class CrashBoundary extends Component<{ children: ReactNode }, { crashed: boolean }> {
  override state = { crashed: false };

  static getDerivedStateFromError() {
    return { crashed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('Rendering failed', error, info.componentStack);
  }

  override render() {
    return this.state.crashed ? <CrashScreen /> : this.props.children;
  }
}
