import { Alert, Flex } from 'antd';
import type { ReactNode } from 'react';
import { ErrorText } from '../../model/messages';
import { messageOf } from '../../services/http/api-error';
import { LoadingSpin } from '../parts/loading-spin';
import './developers.css';

interface QueryStateProps<TData> {
  query: { isPending: boolean; isError: boolean; error: unknown; data: TData | undefined };
  /** Names the spinner for assistive technology. */
  loadingLabel: string;
  children: (data: TData) => ReactNode;
}

/**
 * One query's part of the page: a spinner while it loads, the server's message when it failed (the access
 * catalogue's server error when it gave none; kits §8 names no load failure text here), else its content.
 */
export function QueryState<TData>({ query, loadingLabel, children }: QueryStateProps<TData>) {
  if (query.isError) return <Alert type="error" showIcon title={messageOf(query.error, ErrorText.server)} />;
  if (query.isPending || query.data === undefined) {
    return (
      <Flex justify="center" className="developers-section-loading">
        <LoadingSpin label={loadingLabel} />
      </Flex>
    );
  }
  return <>{children(query.data)}</>;
}
