import { Flex, Switch, Typography } from 'antd';
import { useId } from 'react';

/**
 * One consent as a switch with its label beside it (kits §2 "Data & Privacy", kits §3 "Patient consent"): the
 * signed-in person's own consents and a practice's patient's use the same control.
 */
export function ConsentSwitch(props: {
  label: string;
  checked: boolean;
  loading: boolean;
  disabled: boolean;
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  return (
    <Flex align="center" gap={12}>
      <Switch id={id} checked={props.checked} loading={props.loading} disabled={props.disabled} onChange={props.onChange} />
      <Typography.Text>
        <label htmlFor={id}>{props.label}</label>
      </Typography.Text>
    </Flex>
  );
}
