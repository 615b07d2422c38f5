import type { FormRule } from 'antd';
import * as v from 'valibot';

/** An antd form rule that asks the model's schema, so a field's message is written once, in src/model. */
export function schemaRule(schema: v.GenericSchema): FormRule {
  return {
    validator: async (_rule, value: unknown) => {
      const result = await v.safeParseAsync(schema, value);
      if (!result.success) throw new Error(result.issues[0].message);
    },
  };
}
