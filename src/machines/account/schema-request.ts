import * as v from 'valibot';

/**
 * What a profile form's save does with the form's request (the account form with PUT /Users/Me, the patient's
 * profile with PUT /Patients/Me): one schema gives the messages under the fields, so the same schema decides
 * whether the save may start (a request it refuses is never sent, kits §5) and makes the body that is sent.
 * Each form keeps its own machine, since the schemas, events and effects differ; this is the part that does not.
 */
export function schemaRequest<TSchema extends v.GenericSchema>(schema: TSchema) {
  return {
    /** The `validRequest` guard's params, from the save event. */
    paramsOf: ({ event }: { event: { request: v.InferInput<TSchema> } }) => ({ request: event.request }),
    /** The `validRequest` guard: the schema accepts the request. */
    isValid: (_: unknown, params: { request: v.InferInput<TSchema> }): boolean => v.is(schema, params.request),
    /** The save's input: exactly what the schema makes of the request. */
    bodyOf: ({ event }: { event: { request: v.InferInput<TSchema> } }): v.InferOutput<TSchema> => v.parse(schema, event.request),
  };
}
