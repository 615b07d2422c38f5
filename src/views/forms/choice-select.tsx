import { Select, type SelectProps } from 'antd';
import { useState } from 'react';
import { chosenOnly, type ChoiceList } from './choice-list';

/** What a choice control takes: Form.Item's value, onChange, id and aria attributes, and the fixed choices. */
export type ChoiceProps = Omit<SelectProps<string>, 'options'> & { readonly choices: ChoiceList };

/** A select among fixed options (countries, states) that the user can also search by label. */
export function ChoiceSelect({ choices, onOpenChange, ...props }: ChoiceProps) {
  const [opened, setOpened] = useState(false);
  return (
    <Select
      showSearch={{ optionFilterProp: 'label' }}
      {...props}
      options={opened ? [...choices.all()] : chosenOnly(choices, props.value)}
      onOpenChange={(open) => {
        if (open) setOpened(true);
        onOpenChange?.(open);
      }}
    />
  );
}
