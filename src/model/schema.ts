import * as v from 'valibot';

/** Small valibot building blocks shared by every entity schema, so that client and server word a bad field alike. */

function received(issue: v.BaseIssue<unknown>): string {
  return issue.received === 'undefined' ? 'nothing' : issue.received;
}

/** Text that must be present and not blank; missing or blank gives `message`. */
export function requiredText(message: string) {
  return v.pipe(
    v.string((issue) => (issue.received === 'undefined' ? message : `Expected text but received ${received(issue)}`)),
    v.trim(),
    v.nonEmpty(message),
  );
}

/** A password-like field: never trimmed, since spaces may be part of it. */
export function requiredSecret(message: string) {
  return v.pipe(
    v.string((issue) => (issue.received === 'undefined' ? message : `Expected text but received ${received(issue)}`)),
    v.nonEmpty(message),
  );
}

export function flag(name: string) {
  return v.boolean((issue) => `${name} must be true or false, received ${received(issue)}`);
}

export function integer(name: string) {
  return v.pipe(
    v.number((issue) => `${name} must be a number, received ${received(issue)}`),
    v.integer(`${name} must be a whole number`),
  );
}

/**
 * A request body. A missing field is reported with the field's own message (e.g. "Username is required")
 * rather than valibot's generic "Invalid key", so a direct call reads like the form.
 */
export function request<TEntries extends v.ObjectEntries>(entries: TEntries) {
  return v.object(entries, (issue) => {
    const key = issue.path?.at(-1)?.key;
    if (typeof key === 'string' && key in entries) {
      const result = v.safeParse(entries[key] as v.GenericSchema, undefined);
      if (!result.success) return result.issues[0].message;
    }
    return `Expected a JSON object but received ${received(issue)}`;
  });
}

/** An optional text of an answer: missing or null reads as null. */
export const optionalText = v.nullish(v.string(), null);

export const isoDateTime = v.pipe(v.string(), v.isoTimestamp('Expected an ISO 8601 date-time'));

/** One line per problem, each naming the field it concerns: the message a 400 answer carries. */
export function describeIssues(issues: readonly v.BaseIssue<unknown>[]): string {
  return issues
    .map((issue) => {
      const path = v.getDotPath(issue);
      return path ? `${path}: ${issue.message}` : issue.message;
    })
    .join('; ');
}

/** The first message per field, for forms that show errors under their fields. */
export function fieldErrors(issues: readonly v.BaseIssue<unknown>[]): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of issues) {
    const path = v.getDotPath(issue) ?? '';
    errors[path] ??= issue.message;
  }
  return errors;
}

/** The first message of each of a form's fields; an issue inside a field (`events.0`) is that field's. */
export function formFieldErrors<K extends string>(
  issues: readonly v.BaseIssue<unknown>[],
  fields: readonly K[],
): Partial<Record<K, string>> {
  const errors: Partial<Record<K, string>> = {};
  for (const [path, message] of Object.entries(fieldErrors(issues))) {
    const field = fields.find((name) => name === path.split('.')[0]);
    if (field !== undefined) errors[field] ??= message;
  }
  return errors;
}
