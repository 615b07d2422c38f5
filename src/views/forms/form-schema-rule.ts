import type { FormRule } from 'antd';
import * as v from 'valibot';

/**
 * An antd form rule for one field that asks the schema of the whole form, for rules across fields such
 * as a repeated password: the field shows its own messages and those the schema forwards to it.
 */
export function formSchemaRule(schema: v.GenericSchema, field: string): FormRule {
  return (form) => ({
    validator: async () => {
      const result = await v.safeParseAsync(schema, form.getFieldsValue(true));
      const issue = result.issues?.find((candidate) => v.getDotPath(candidate) === field);
      if (issue) throw new Error(issue.message);
    },
  });
}
