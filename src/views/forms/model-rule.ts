import type { FormInstance, FormRule } from 'antd';
import type { CheckoutForm } from '../../model/orders/checkout';

/**
 * An antd rule that asks one of the model's rules for a field's message, given the whole form, so that every
 * checkout rule is written once, in src/model (ordering §5).
 */
export function modelRule(
  form: FormInstance<CheckoutForm>,
  message: (values: Partial<CheckoutForm>) => string | null | undefined,
): FormRule {
  return {
    validator: () => {
      const text = message(form.getFieldsValue());
      return text ? Promise.reject(new Error(text)) : Promise.resolve();
    },
  };
}
