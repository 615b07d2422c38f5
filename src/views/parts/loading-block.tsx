import { Flex } from 'antd';
import { LoadingSpin } from './loading-spin';
import './lists.css';

/** A large named spinner, centred with room around it, where a screen's content or a list's first page will be. */
export function LoadingBlock({ label }: { label: string }) {
  return (
    <Flex justify="center" className="ls-loading">
      <LoadingSpin size="large" label={label} />
    </Flex>
  );
}
