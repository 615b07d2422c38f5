import { Result } from 'antd';
import { ErrorText } from '../../model/messages';

export function NotFoundView() {
  return <Result status="404" title={ErrorText.notFound} />;
}
