import { Col, Form, Input, Row } from 'antd';
import type { ComponentType } from 'react';
import type * as v from 'valibot';
import { needsState } from '../../../model/address/address-rules';
import { COUNTRIES, US_STATES } from '../../../model/address/countries';
import { PracticeSettingsText as T } from '../../../model/practice/settings-texts';
import type { ChoiceProps } from '../../forms/choice-select';
import { formSchemaRule } from '../../forms/form-schema-rule';

const countryOptions = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));
const stateOptions = US_STATES.map((state) => ({ value: state.code, label: state.name }));

type AddressField = 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'zipCode' | 'country';

/**
 * Ordering §2: an address's fields (line 1, line 2, city, state select for the countries with a state list,
 * zip, searchable country select), under `prefix` of the form; each field's message comes from `schema`.
 * `optional`: the whole address may be left out (the profile's "address if present"), so no field is marked
 * required; the schema still says what a begun address lacks. `Choice` draws the state and country selects:
 * `ChoiceSelect` where the address shows with the page, `ChoiceSelectOnDemand` where it shows on request, so that
 * such a page does not download antd's Select until then.
 */
export function AddressFields({
  prefix,
  schema,
  Choice,
  optional = false,
}: {
  prefix: 'address' | 'billingAddress';
  schema: v.GenericSchema;
  Choice: ComponentType<ChoiceProps>;
  optional?: boolean;
}) {
  const required = !optional;
  const country: unknown = Form.useWatch([prefix, 'country'], Form.useFormInstance());
  const rules = (field: AddressField) => [formSchemaRule(schema, `${prefix}.${field}`)];
  return (
    <>
      <Form.Item name={[prefix, 'addressLine1']} label={T.addressLine1} required={required} rules={rules('addressLine1')}>
        <Input autoComplete="address-line1" />
      </Form.Item>
      <Form.Item name={[prefix, 'addressLine2']} label={T.addressLine2} rules={rules('addressLine2')}>
        <Input autoComplete="address-line2" />
      </Form.Item>
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <Form.Item name={[prefix, 'city']} label={T.city} required={required} rules={rules('city')}>
            <Input autoComplete="address-level2" />
          </Form.Item>
        </Col>
        {needsState(typeof country === 'string' ? country : null) ? (
          <Col xs={24} md={12}>
            <Form.Item
              name={[prefix, 'state']}
              label={T.state}
              required={required}
              rules={rules('state')}
              dependencies={[[prefix, 'country']]}
            >
              <Choice options={stateOptions} />
            </Form.Item>
          </Col>
        ) : null}
        <Col xs={24} md={12}>
          <Form.Item name={[prefix, 'zipCode']} label={T.zipCode} required={required} rules={rules('zipCode')}>
            <Input autoComplete="postal-code" />
          </Form.Item>
        </Col>
        <Col xs={24} md={12}>
          <Form.Item name={[prefix, 'country']} label={T.country} required={required} rules={rules('country')}>
            <Choice options={countryOptions} />
          </Form.Item>
        </Col>
      </Row>
    </>
  );
}
