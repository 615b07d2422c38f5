import { Flex, Switch, Typography } from 'antd';
import { useId } from 'react';

/**
 * One consent as a switch with its label beside it (kits §2 "Data & Privacy", kits §3 "Patient consent"): the
 * signed-in person's own consents and a practice's patient's use the same control. `note`, when given, is the
 * last decision under the switch ("Agreed on …", issue 41), which describes the switch to a screen reader too.
 */
export function ConsentSwitch(props: {
  label: string;
  checked: boolean;
  loading: boolean;
  disabled: boolean;
  note?: string;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  const noteId = useId();
  return (
    <Flex vertical gap={4}>
      <Flex align="center" gap={12}>
        <Switch
          id={id}
          checked={props.checked}
          loading={props.loading}
          disabled={props.disabled}
          onChange={props.onChange}
          aria-describedby={props.note ? noteId : undefined}
        />
        <Typography.Text>
          <label htmlFor={id}>{props.label}</label>
        </Typography.Text>
      </Flex>
      {props.note ? (
        <Typography.Text type="secondary" id={noteId}>
          {props.note}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
