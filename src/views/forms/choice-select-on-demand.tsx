import { Input } from 'antd';
import { Suspense } from 'react';
import { lazyNamed } from '../lazy';
import { chosenOnly, type ChoiceList } from './choice-list';
import type { ChoiceProps } from './choice-select';

/** Starts loading antd's Select (about 19 KB) ahead of the fields that draw it: call it when they are about to show. */
export const prefetchChoiceSelect = () => void import('./choice-select');
const ChoiceSelect = lazyNamed(() => import('./choice-select'), 'ChoiceSelect');

/**
 * `ChoiceSelect` for fields that a page shows only on request (the checkout's other address, a billing address
 * other than the practice's): the page does not
 * download antd's Select until then. The Form.Item around it, with its label, rules and messages, is there from the
 * first render, so a form checked at once still names every field; only the control arrives a moment later, and
 * until it does a read-only field under the same label shows the current choice.
 */
export function ChoiceSelectOnDemand({ choices, ...props }: ChoiceProps) {
  return (
    <Suspense fallback={<ChoicePending id={props.id} value={props.value} choices={choices} />}>
      <ChoiceSelect {...props} choices={choices} />
    </Suspense>
  );
}

/** Until the select arrives: a read-only field under the same label (Form.Item's id) showing the current choice. */
export function ChoicePending({ id, value, choices }: { id?: string | undefined; value?: string | null | undefined; choices: ChoiceList }) {
  const chosen = chosenOnly(choices, value)[0]?.label ?? value ?? '';
  return <Input id={id} value={chosen} readOnly aria-busy="true" />;
}
