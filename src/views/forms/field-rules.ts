import type { FormRule } from 'antd';
import type * as v from 'valibot';
import { formSchemaRule } from './form-schema-rule';

/** Where a form keeps a field: its name, or its path under a group (`['address', 'city']`). */
export type FieldName = string | string[];

/**
 * The rules of a shared part's field (the address, the names and phone), asked by the part's own name of the field
 * and by where the form keeps it: a model rule reads the first, a schema rule the second.
 */
export type FieldRules<Field extends string> = (field: Field, name: FieldName) => FormRule[];

/** Each field's messages from the schema of the whole form, at the path the form keeps the field under. */
export function schemaRules<Field extends string>(schema: v.GenericSchema): FieldRules<Field> {
  return (_field, name) => [formSchemaRule(schema, Array.isArray(name) ? name.join('.') : name)];
}
