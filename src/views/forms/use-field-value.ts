import { Form, type FormInstance } from 'antd';
import { useCallback } from 'react';

/**
 * A field's value as the form holds it, followed like antd's `Form.useWatch`, but starting from `initial` (the
 * form's initial value of that field) instead of from nothing. Watched by name, a field reads undefined on the
 * component's first render and its value one render later, so every watching component drew twice as it appeared,
 * the second time in the same task: on checkout each form item then measured the page that had just been drawn, a
 * forced layout of the whole page (40 of that task's 87 ms with the CPU slowed four times, as Lighthouse's phone).
 * Starting from the value the form will report, the watch finds nothing changed and the component draws once.
 * `initial` also stands in while the field is not in the form (a section not shown).
 */
export function useFieldValue<Values, Name extends keyof Values>(
  form: FormInstance<Values>,
  name: Name,
  initial: Values[Name],
): Values[Name] {
  // Stable: the watch reads the whole form again whenever its selector is a new function.
  const select = useCallback((values: Partial<Values>): Values[Name] => values[name] ?? initial, [name, initial]);
  return Form.useWatch(select, form);
}
