import { CloseCircleFilled } from '@ant-design/icons';
import { Flex } from 'antd';
import type { ReactNode } from 'react';
import './shell.css';

/**
 * A failure shown in place of a screen, laid out as antd's Result with the error status, from parts the first page
 * already loads: Result itself brings its exception illustrations, which every first visit would then download.
 * `heading` makes the title a heading: the document's (h1, the crash screen, which stands for the whole app) or the
 * page's inside the portal (h2, as every page title there).
 */
export function ErrorStatus({
  title,
  subTitle,
  extra,
  heading,
  role,
}: {
  title: ReactNode;
  subTitle: ReactNode;
  extra: ReactNode;
  heading?: 'h1' | 'h2';
  /** `alert` when the failure comes while the user waits, so that a screen reader says it. */
  role?: 'alert';
}) {
  const Title = heading ?? 'div';
  return (
    <Flex vertical align="center" className="shell-error-status" role={role}>
      <CloseCircleFilled aria-hidden className="shell-error-icon" />
      <Title className="shell-error-title">{title}</Title>
      <div className="shell-error-subtitle">{subTitle}</div>
      <div className="shell-error-extra">{extra}</div>
    </Flex>
  );
}
