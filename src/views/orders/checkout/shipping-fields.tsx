import { Col, Form, Input, Row, type FormInstance } from 'antd';
import { customerErrors, DEFAULT_COUNTRY, needsState, shippingErrors } from '../../../model/address/address-rules';
import type { CheckoutForm } from '../../../model/orders/checkout';
import { COUNTRIES, US_STATES } from '../../../model/address/countries';
import { CheckoutText, CheckoutValidationText } from '../../../model/orders/texts';
import { ChoiceSelectOnDemand } from '../../forms/choice-select-on-demand';
import { modelRule } from '../../forms/model-rule';
import { useFieldValue } from '../../forms/use-field-value';
import { CheckoutSection } from './section';

const countryOptions = COUNTRIES.map((country) => ({ value: country.code, label: country.name }));
const stateOptions = US_STATES.map((state) => ({ value: state.code, label: state.name }));

type CustomerField = 'firstName' | 'lastName' | 'email' | 'phone';
type AddressField = 'addressLine1' | 'addressLine2' | 'city' | 'state' | 'zipCode' | 'country';

/** Ordering §2 and §5: the customer who receives the kits and where, when not shipping to the practice. */
export function ShippingFields({ form, countryRefused }: { form: FormInstance<CheckoutForm>; countryRefused: boolean }) {
  const country = useFieldValue(form, 'country', DEFAULT_COUNTRY);
  const customerRule = (field: CustomerField) => [modelRule(form, (values) => customerErrors(values)[field])];
  const addressRule = (field: AddressField) => [modelRule(form, (values) => shippingErrors(values)[field])];

  return (
    <>
      <CheckoutSection title={CheckoutText.customerInformation}>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="firstName" label={CheckoutText.firstName} required rules={customerRule('firstName')}>
              <Input autoComplete="given-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="lastName" label={CheckoutText.lastName} required rules={customerRule('lastName')}>
              <Input autoComplete="family-name" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="email" label={CheckoutText.email} required rules={customerRule('email')}>
              <Input type="email" autoComplete="email" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item name="phone" label={CheckoutText.phone} required rules={customerRule('phone')}>
              <Input type="tel" autoComplete="tel" />
            </Form.Item>
          </Col>
        </Row>
      </CheckoutSection>
      <CheckoutSection title={CheckoutText.shippingInformation}>
        <Form.Item name="addressLine1" label={CheckoutText.addressLine1} required rules={addressRule('addressLine1')}>
          <Input autoComplete="address-line1" />
        </Form.Item>
        <Form.Item name="addressLine2" label={CheckoutText.addressLine2} rules={addressRule('addressLine2')}>
          <Input autoComplete="address-line2" />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} md={12}>
            <Form.Item name="city" label={CheckoutText.city} required rules={addressRule('city')}>
              <Input autoComplete="address-level2" />
            </Form.Item>
          </Col>
          {needsState(country) ? (
            <Col xs={24} md={12}>
              <Form.Item name="state" label={CheckoutText.state} required rules={addressRule('state')} dependencies={['country']}>
                <ChoiceSelectOnDemand options={stateOptions} />
              </Form.Item>
            </Col>
          ) : null}
          <Col xs={24} md={12}>
            <Form.Item name="zipCode" label={CheckoutText.zipCode} required rules={addressRule('zipCode')}>
              <Input autoComplete="postal-code" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              name="country"
              label={CheckoutText.country}
              required
              rules={addressRule('country')}
              // Ordering §5: a refused country is said under the field until another is chosen.
              {...(countryRefused ? { validateStatus: 'error' as const, help: CheckoutValidationText.countryNotShippable } : {})}
            >
              <ChoiceSelectOnDemand options={countryOptions} />
            </Form.Item>
          </Col>
        </Row>
      </CheckoutSection>
    </>
  );
}
