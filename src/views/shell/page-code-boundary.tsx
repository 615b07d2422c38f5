import { useSelector } from '@xstate/react';
import { Button, Flex } from 'antd';
import { Component, useEffect, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { PageCodeText } from '../../model/shell/shell-texts';
import { pageCodeMachine } from '../../machines/shell/page-code.machine';
import { selectRetrying } from '../../machines/shell/page-code.selectors';
import { CodeLoadError } from '../../services/shell/code-loading';
import { useWorkflow } from '../use-workflow';
import { ErrorStatus } from './error-status';
import { useDocumentTitle } from './page';

/** The message in place of a page whose code could not be fetched; `onRetry` once it is to be drawn again. */
function PageCodeFailure({ onRetry }: { onRetry: () => void }) {
  useDocumentTitle(PageCodeText.heading);
  const actor = useWorkflow(pageCodeMachine);
  const retrying = useSelector(actor, selectRetrying);
  useEffect(() => {
    if (retrying) onRetry();
  }, [retrying, onRetry]);
  return (
    <ErrorStatus
      heading="h2"
      role="alert"
      title={PageCodeText.heading}
      subTitle={
        <Flex vertical>
          <span>{PageCodeText.body}</span>
          <span>{PageCodeText.note}</span>
        </Flex>
      }
      extra={
        <Button type="primary" onClick={() => actor.send({ type: 'page.retry' })}>
          {PageCodeText.retry}
        </Button>
      }
    />
  );
}

interface BoundaryProps {
  location: string;
  children: ReactNode;
}

/**
 * Keeps the portal when a page's code cannot be fetched (a lazy import rejected): the page says so inside the shell,
 * with the menu still there, instead of the crash screen that replaces the whole app. Any other error is not this
 * boundary's to handle and goes on to the crash screen. Going to another page tries that page.
 */
interface BoundaryState {
  error: Error | null;
  /** The page last drawn, where a failure caught now happened. */
  at: string | null;
}

class CodeLoadBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, at: null };

  static getDerivedStateFromError(error: unknown) {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  static getDerivedStateFromProps(props: BoundaryProps, state: BoundaryState): Partial<BoundaryState> | null {
    if (state.error === null) return state.at === props.location ? null : { at: props.location };
    // The failure was caught on the page it happened on; another page is another try.
    if (state.at !== props.location) return { error: null, at: props.location };
    return null;
  }

  private readonly retry = () => this.setState({ error: null });

  override render() {
    const { error } = this.state;
    if (error === null) return this.props.children;
    if (!(error instanceof CodeLoadError)) throw error;
    return <PageCodeFailure onRetry={this.retry} />;
  }
}

/** The pages of a portal, inside its shell. */
export function PageCodeBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return <CodeLoadBoundary location={location}>{children}</CodeLoadBoundary>;
}
