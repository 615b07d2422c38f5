import { Form, Input, Row, type FormInstance } from 'antd';
import { useCallback, useState, type ComponentType } from 'react';
import { needsState, type AddressFieldName as AddressField } from '../../model/address/address-rules';
import { countryList, countryName, US_STATES } from '../../model/address/countries';
import type { Choice, ChoiceList } from './choice-list';
import type { ChoiceProps } from './choice-select';
import type { FieldName, FieldRules } from './field-rules';
import { HalfColumn } from './person-fields';

let countryOptions: readonly Choice[] | undefined;
const countryChoices: ChoiceList = {
  all: () => (countryOptions ??= countryList().map((country) => ({ value: country.code, label: country.name }))),
  // A code the list does not know is no choice: the select then shows the stored text, as before.
  find: (value) => {
    const name = countryName(value);
    return name && name !== value ? { value, label: name } : undefined;
  },
};
const stateOptions = US_STATES.map((state) => ({ value: state.code, label: state.name }));
const stateChoices: ChoiceList = {
  all: () => stateOptions,
  find: (value) => stateOptions.find((state) => state.value === value),
};

type FormValues = Record<string, unknown>;

/**
 * The country as the form holds it, from the first render on: a watch by name reads nothing on its first render
 * and the value one render later, so the fields would be drawn twice as they appear (see useFieldValue).
 */
function useCountry(form: FormInstance<FormValues>, prefix: string | undefined): unknown {
  const [initial] = useState((): unknown => form.getFieldValue(prefix ? [prefix, 'country'] : 'country') as unknown);
  const select = useCallback(
    (values: FormValues): unknown => {
      const group: unknown = prefix ? values[prefix] : values;
      const country = typeof group === 'object' && group !== null ? (group as FormValues).country : undefined;
      return country ?? initial;
    },
    [prefix, initial],
  );
  return Form.useWatch(select, form);
}

/**
 * Ordering §2: an address's fields (line 1, line 2, city, state select for the countries with a state list,
 * zip, searchable country select), under `prefix` of the form or at its top; each field's messages come from
 * `rules`. `optional`: the whole address may be left out (the profile's "address if present"), so no field is
 * marked required; the rules still say what a begun address lacks. `Choice` draws the state and country selects:
 * `ChoiceSelect` where the address shows with the page, `ChoiceSelectOnDemand` where it shows on request, so that
 * such a page does not download antd's Select until then. `countryProblem` is said under the country (ordering
 * §5: a country the lab does not ship to).
 */
export function AddressFields({
  prefix,
  labels,
  rules,
  Choice,
  optional = false,
  countryProblem = null,
}: {
  prefix?: string;
  labels: Record<AddressField, string>;
  rules: FieldRules<AddressField>;
  Choice: ComponentType<ChoiceProps>;
  optional?: boolean;
  countryProblem?: string | null;
}) {
  const required = !optional;
  const country = useCountry(Form.useFormInstance<FormValues>(), prefix);
  const name = (field: AddressField): FieldName => (prefix ? [prefix, field] : field);
  const props = (field: AddressField) => ({ name: name(field), label: labels[field], rules: rules(field, name(field)) });
  return (
    <>
      <Form.Item {...props('addressLine1')} required={required}>
        <Input autoComplete="address-line1" />
      </Form.Item>
      <Form.Item {...props('addressLine2')}>
        <Input autoComplete="address-line2" />
      </Form.Item>
      <Row gutter={16}>
        <HalfColumn>
          <Form.Item {...props('city')} required={required}>
            <Input autoComplete="address-level2" />
          </Form.Item>
        </HalfColumn>
        {needsState(typeof country === 'string' ? country : null) ? (
          <HalfColumn>
            <Form.Item {...props('state')} required={required} dependencies={[name('country')]}>
              <Choice choices={stateChoices} />
            </Form.Item>
          </HalfColumn>
        ) : null}
        <HalfColumn>
          <Form.Item {...props('zipCode')} required={required}>
            <Input autoComplete="postal-code" />
          </Form.Item>
        </HalfColumn>
        <HalfColumn>
          <Form.Item
            {...props('country')}
            required={required}
            {...(countryProblem ? { validateStatus: 'error' as const, help: countryProblem } : {})}
          >
            <Choice choices={countryChoices} />
          </Form.Item>
        </HalfColumn>
      </Row>
    </>
  );
}
