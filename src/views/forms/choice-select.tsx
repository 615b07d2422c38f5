import { Select, type SelectProps } from 'antd';

export interface Choice {
  readonly value: string;
  readonly label: string;
}

/** What a choice control takes: Form.Item's value, onChange, id and aria attributes, and the fixed choices. */
export type ChoiceProps = Omit<SelectProps<string>, 'options'> & { readonly options: readonly Choice[] };

/** A select among fixed options (countries, states) that the user can also search by label. */
export function ChoiceSelect({ options, ...props }: ChoiceProps) {
  return <Select showSearch={{ optionFilterProp: 'label' }} {...props} options={[...options]} />;
}
