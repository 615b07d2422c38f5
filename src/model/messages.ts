/** Access §8: the texts of a failed call that every area shows, exactly as the specification writes them. */

export const ErrorText = {
  network: 'Cannot connect to the server. Please check your connection and try again.',
  badRequest: 'The request could not be processed. Please check your input and try again.',
  unauthorized: 'Authentication failed. Please check your credentials and try again.',
  forbidden: 'You do not have permission to perform this action.',
  notFound: 'The requested resource was not found.',
  server: 'An internal server error occurred. Please try again later.',
  timeout: 'Request timed out. Please try again.',
  signInUnauthorized: 'Invalid username or password. Please try again.',
  sessionExpired: 'Session expired. Please sign in again.',
  /** A 429 that carries no message of its own; the spec gives no text for a 429, so this stays short and plain. */
  tooManyRequests: 'Too many attempts. Please wait a moment and try again.',
} as const;

/** How a server's own message is shown together with its correlation id (access §8). */
export function withCorrelationId(message: string, correlationId: string | undefined): string {
  return correlationId ? `${message} (Correlation ID: ${correlationId})` : message;
}
