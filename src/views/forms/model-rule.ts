import type { FormInstance, FormRule } from 'antd';

/**
 * An antd rule that asks one of the model's rules for a field's message, given the whole form, so that every rule
 * is written once, in src/model. `onSubmit`: checked when the form is submitted only, so nothing is said while it
 * is first filled in, and a change, which runs none of the field's rules, clears its message until the next submit.
 */
export function modelRule<Values>(
  form: FormInstance<Values>,
  message: (values: Values) => string | null | undefined,
  options: { onSubmit?: boolean } = {},
): FormRule {
  return {
    ...(options.onSubmit ? { validateTrigger: 'onSubmit' } : {}),
    validator: () => {
      const text = message(form.getFieldsValue());
      return text ? Promise.reject(new Error(text)) : Promise.resolve();
    },
  };
}
