import type { FormInstance } from 'antd';
import { customerErrors, shippingErrors, type AddressFieldName } from '../../../model/address/address-rules';
import type { CheckoutForm } from '../../../model/orders/checkout';
import { CheckoutText, CheckoutValidationText } from '../../../model/orders/texts';
import { AddressFields } from '../../forms/address-fields';
import { ChoiceSelectOnDemand } from '../../forms/choice-select-on-demand';
import { modelRule } from '../../forms/model-rule';
import { PersonFields, type PersonField } from '../../forms/person-fields';
import { CheckoutSection } from './section';

/** Ordering §2 and §5: the customer who receives the kits and where, when not shipping to the practice. */
export function ShippingFields({ form, countryRefused }: { form: FormInstance<CheckoutForm>; countryRefused: boolean }) {
  const customerRule = (field: PersonField) => [modelRule(form, (values) => customerErrors(values)[field])];
  const addressRule = (field: AddressFieldName) => [modelRule(form, (values) => shippingErrors(values)[field])];
  return (
    <>
      <CheckoutSection title={CheckoutText.customerInformation}>
        <PersonFields labels={CheckoutText} rules={customerRule} />
      </CheckoutSection>
      <CheckoutSection title={CheckoutText.shippingInformation}>
        <AddressFields
          Choice={ChoiceSelectOnDemand}
          labels={CheckoutText}
          rules={addressRule}
          // Ordering §5: a refused country is said under the field until another is chosen.
          countryProblem={countryRefused ? CheckoutValidationText.countryNotShippable : null}
        />
      </CheckoutSection>
    </>
  );
}
