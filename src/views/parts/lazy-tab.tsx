import { Spin } from 'antd';
import { Suspense, type ReactNode } from 'react';
import type { TabItem } from './tabs';

/**
 * A tab whose content's code loads when the tab is first shown (no panel is drawn before that), fetched as the
 * pointer reaches its label so that it is usually there by the click. The account pages open on the profile.
 */
export function lazyTab(key: string, label: string, load: () => Promise<unknown>, content: ReactNode): TabItem {
  return {
    key,
    label,
    onIntent: () => void load(),
    children: <Suspense fallback={<Spin />}>{content}</Suspense>,
  };
}
