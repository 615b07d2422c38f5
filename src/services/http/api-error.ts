import * as v from 'valibot';
import { ErrorBodySchema } from '../../model/auth/auth';
import { ErrorText, withCorrelationId } from '../../model/messages';

export type ApiErrorKind = 'network' | 'timeout' | 'http' | 'body';

/** An error whose message is already written for the user and may be shown as it is. */
export class UserFacingError extends Error {}

/** A failed call, already worded for the user by the catalogue's priority order (access §8). */
export class ApiError extends UserFacingError {
  override readonly name = 'ApiError';
  constructor(
    message: string,
    readonly kind: ApiErrorKind,
    readonly status: number | null,
    readonly correlationId?: string,
    /** The failure body as received, for a call whose failure says more than a message (the manifest's rows). */
    readonly body?: unknown,
  ) {
    super(message);
  }
}

/** Status-specific texts that win over everything else, e.g. sign-in's own 401 text. */
export type StatusMessages = Partial<Record<number, string>>;

export function defaultTextForStatus(status: number): string {
  if (status === 401) return ErrorText.unauthorized;
  if (status === 403) return ErrorText.forbidden;
  if (status === 404) return ErrorText.notFound;
  if (status === 429) return ErrorText.tooManyRequests;
  if (status >= 500) return ErrorText.server;
  return ErrorText.badRequest;
}

/** A body that names an error: `{ error: { message } }` or a bare `{ message }` next to a failure status. */
export function errorMessageOf(body: unknown): { errorMessage?: string; message?: string; correlationId?: string } {
  const parsed = v.safeParse(ErrorBodySchema, body);
  if (!parsed.success) return {};
  return {
    errorMessage: parsed.output.error?.message || undefined,
    message: parsed.output.message || undefined,
    correlationId: parsed.output.correlationId ?? undefined,
  };
}

/**
 * Priority: a status override; the server's error.message with its correlationId;
 * the server's message; the case default.
 */
export function apiErrorFromResponse(status: number, body: unknown, overrides: StatusMessages = {}): ApiError {
  const { errorMessage, message, correlationId } = errorMessageOf(body);
  const kind = status >= 400 ? 'http' : 'body';
  const override = overrides[status];
  if (override) return new ApiError(override, kind, status, correlationId, body);
  if (errorMessage) return new ApiError(withCorrelationId(errorMessage, correlationId), kind, status, correlationId, body);
  if (message) return new ApiError(message, kind, status, correlationId, body);
  return new ApiError(defaultTextForStatus(status), kind, status, correlationId, body);
}

export function networkError(): ApiError {
  return new ApiError(ErrorText.network, 'network', null);
}

export function timeoutError(): ApiError {
  return new ApiError(ErrorText.timeout, 'timeout', null);
}

/** The text a machine shows for a failure: an ApiError's own text, otherwise the action's fallback. */
export function messageOf(error: unknown, fallback: string): string {
  return error instanceof UserFacingError ? error.message : fallback;
}
