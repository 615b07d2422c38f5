import * as v from 'valibot';

/**
 * The first problem a schema finds with a value, worded for the user; null when the value passes.
 * Machines ask this before sending a request, so a form the view let through by mistake still
 * never reaches the server in a shape the server would refuse.
 */
export function firstProblem(schema: v.GenericSchema, value: unknown): string | null {
  const result = v.safeParse(schema, value);
  return result.success ? null : result.issues[0].message;
}
