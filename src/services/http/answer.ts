import * as v from 'valibot';
import { describeIssues } from '../../model/schema';

/** Which call an answer came from, for the line an integrator reads when it does not fit the contract. */
export interface CallSite {
  readonly method: string;
  readonly path: string;
  readonly correlationId?: string;
}

/**
 * An answer that lacks what a screen needs, or has it in the wrong kind. Deliberately not a
 * UserFacingError: its details are for the console, so the user sees the action's own failure text.
 */
export class AnswerError extends Error {
  override readonly name = 'AnswerError';
  constructor(
    readonly call: CallSite,
    readonly problems: string,
  ) {
    const correlation = call.correlationId ? ` (correlationId ${call.correlationId})` : '';
    super(`${call.method} ${call.path}${correlation} answered outside the contract: ${problems}`);
  }
}

export type AnswerLogger = (line: string) => void;

/** The console is where an integrator looks when a screen cannot load. */
const consoleLogger: AnswerLogger = (line) => console.error(line);

/**
 * Reads an answer leniently through the model's schema (unknown fields dropped, optional ones may be
 * missing or null). A misfit is logged once, with the call and each failing field's path, and thrown.
 */
export function readAnswer<TSchema extends v.GenericSchema>(
  schema: TSchema,
  body: unknown,
  call: CallSite,
  log: AnswerLogger = consoleLogger,
): v.InferOutput<TSchema> {
  const result = v.safeParse(schema, body);
  if (result.success) return result.output;
  throw answerOutsideContract(call, describeIssues(result.issues), log);
}

/** The error for an answer outside the contract, logged once with the call and what was wrong with it. */
export function answerOutsideContract(call: CallSite, problems: string, log: AnswerLogger = consoleLogger): AnswerError {
  const error = new AnswerError(call, problems);
  log(`portalApi: ${error.message}`);
  return error;
}
