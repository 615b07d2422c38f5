import { Button, Flex, Switch, Typography } from 'antd';
import { useId } from 'react';
import './consent-switch.css';

/**
 * One consent as a switch with its label beside it (kits §2 "Data & Privacy", kits §3 "Patient consent"): the
 * signed-in person's own consents and a practice's patient's use the same control. `note`, when given, is the
 * last decision under the switch ("Agreed on …", issue 41), which describes the switch to a screen reader too;
 * `learnMore`, when given, is the link that opens the statement, described by the consent it opens, since two
 * links read "Learn more".
 */
export function ConsentSwitch(props: {
  label: string;
  checked: boolean;
  loading: boolean;
  disabled: boolean;
  note?: string;
  learnMore?: { text: string; disabled: boolean; onClick: () => void };
  onChange: (value: boolean) => void;
}) {
  const id = useId();
  const labelId = useId();
  const noteId = useId();
  return (
    <Flex vertical gap={4}>
      <Flex align="center" gap={12} wrap>
        <Switch
          id={id}
          checked={props.checked}
          loading={props.loading}
          disabled={props.disabled}
          onChange={props.onChange}
          aria-describedby={props.note ? noteId : undefined}
        />
        <Typography.Text>
          <label id={labelId} htmlFor={id}>
            {props.label}
          </label>
        </Typography.Text>
        {props.learnMore ? (
          <Button
            type="link"
            onClick={props.learnMore.onClick}
            disabled={props.learnMore.disabled}
            aria-describedby={labelId}
            className="consent-learn-more"
          >
            {props.learnMore.text}
          </Button>
        ) : null}
      </Flex>
      {props.note ? (
        <Typography.Text type="secondary" id={noteId} className="consent-note">
          {props.note}
        </Typography.Text>
      ) : null}
    </Flex>
  );
}
