import { Flex, Spin } from 'antd';
import './shell.css';

export function FullPageLoading() {
  return (
    <Flex align="center" justify="center" className="shell-full-page">
      <Spin size="large" />
    </Flex>
  );
}
