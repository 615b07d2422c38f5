import { Select, type SelectProps } from 'antd';
import { useState } from 'react';

export interface Choice {
  readonly value: string;
  readonly label: string;
}

/**
 * Fixed choices, listed whole only once the select opens. Until then the select holds only the current choice,
 * which `find` names: the country list is sorted with the browser's collator, whose locale data cost a phone's main
 * thread hundreds of milliseconds (issue 45), and a form that only shows the chosen country need not pay that.
 */
export interface ChoiceList {
  readonly all: () => readonly Choice[];
  readonly find: (value: string) => Choice | undefined;
}

/** What a choice control takes: Form.Item's value, onChange, id and aria attributes, and the fixed choices. */
export type ChoiceProps = Omit<SelectProps<string>, 'options'> & { readonly choices: ChoiceList };

/** The current choice alone, for a select that has not opened yet and for the read-only stand-in. */
export function chosenOnly(choices: ChoiceList, value: unknown): Choice[] {
  const chosen = typeof value === 'string' ? choices.find(value) : undefined;
  return chosen ? [chosen] : [];
}

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
