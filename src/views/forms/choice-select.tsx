import { Select, type SelectProps } from 'antd';

/** A select among fixed options (countries, states) that the user can also search by label. */
export function ChoiceSelect(props: SelectProps<string>) {
  return <Select showSearch={{ optionFilterProp: 'label' }} {...props} />;
}
