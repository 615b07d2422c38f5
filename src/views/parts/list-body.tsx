import { useQueryClient } from '@tanstack/react-query';
import { Alert, Button, Empty } from 'antd';
import { useState, type ReactNode } from 'react';
import { ListRetryText } from '../../model/shell/shell-texts';
import { retryFailedQueries } from '../../services/http/query-client';
import { LoadingBlock } from './loading-block';

/**
 * What a list shows under its header and filters: a spinner while its first page loads, the failure when it could
 * not be read and has no row to show, that it has no rows, or its rows.
 */
export type ListState = 'loading' | 'failed' | 'empty' | 'rows';

/** The alert of a list that could not be read. */
interface ListFailure {
  readonly title: string;
  readonly description?: string;
}

interface ListBodyProps {
  state: ListState;
  /** The first page's spinner's name. */
  loading: string;
  failure: ListFailure;
  /** What says that there are no rows; antd's own "No data" when not given. */
  empty?: string;
  /** The table, shown in the `rows` state only. */
  children: ReactNode;
}

/**
 * A list that could not be read, and "Try Again": the page's failed queries read again, the list's among them, so
 * that no list needs its own way to ask (issue 40: no dead ends).
 */
function ListFailureAlert({ failure }: { failure: ListFailure }) {
  const client = useQueryClient();
  const [retrying, setRetrying] = useState(false);
  const retry = () => {
    setRetrying(true);
    void retryFailedQueries(client).finally(() => setRetrying(false));
  };
  return (
    <Alert
      type="error"
      showIcon
      title={failure.title}
      description={failure.description}
      action={
        <Button size="small" loading={retrying} onClick={retry}>
          {ListRetryText.retry}
        </Button>
      }
    />
  );
}

/** The body of every list (orders, kits, team, patients): one of its four states, the same way on each screen. */
export function ListBody({ state, loading, failure, empty, children }: ListBodyProps) {
  switch (state) {
    case 'loading':
      return <LoadingBlock label={loading} />;
    case 'failed':
      return <ListFailureAlert failure={failure} />;
    case 'empty':
      return <Empty description={empty} />;
    case 'rows':
      return children;
  }
}
