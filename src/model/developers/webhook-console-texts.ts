/**
 * The webhook console's words (issue 44 item 3): test events, the delivery log, resending, and rotating the
 * webhook secret and the API key. None is quoted by the documents; they are plain labels and messages.
 */

export const WebhookConsoleText = {
  sendTest: 'Send test event',
  testQueued: 'Test event queued: it shows in the delivery log once sent',
  deliveryLog: 'Delivery log',
  showLog: 'Show delivery log',
  hideLog: 'Hide delivery log',
  /** Names the log's table for assistive technology: "Delivery log of https://…". */
  logOf: (endpoint: string) => `Delivery log of ${endpoint}`,
  time: 'Time',
  event: 'Event',
  status: 'Status',
  duration: 'Duration',
  body: 'Body',
  actions: 'Actions',
  viewBody: 'View body',
  requestBody: 'Request body',
  noBody: 'No request was sent',
  close: 'Close',
  resend: 'Resend',
  resent: 'Delivery queued to be sent again',
  waiting: 'Waiting to be sent',
  noDeliveries: 'No deliveries yet',
  older: 'Show older deliveries',
  newer: 'Show newer deliveries',
  refresh: 'Refresh',
  notAvailable: 'Test events and the delivery log are not available on this server.',
  /** "HTTP 200", or the error when no answer came. */
  httpStatus: (code: number) => `HTTP ${code}`,
  noAnswer: 'No answer',
  durationMs: (ms: number) => `${ms} ms`,
} as const;

export const KeyRotationText = {
  rotateSecret: 'Rotate secret',
  regenerateKey: 'Regenerate API key',
  rotateTitle: 'Rotate the webhook secret?',
  regenerateTitle: 'Regenerate the API key?',
  rotateConsequence:
    'A new webhook secret is made now. The old secret keeps signing deliveries beside the new one for 24 hours, then stops: update your receiver within that time.',
  regenerateConsequence:
    'A new API key is made now. The old key stops working at once: anything still using it is refused until it uses the new key.',
  password: 'Your password',
  passwordHint: 'Enter your password to confirm it is you.',
  passwordRequired: 'Enter your password to confirm',
  cancel: 'Cancel',
  rotated: 'Webhook secret rotated',
  regenerated: 'API key regenerated',
  previousUntil: (when: string) => `The previous secret also signs deliveries until ${when}.`,
  rotateNotAvailable: 'Rotating the webhook secret is not available on this server.',
  regenerateNotAvailable: 'Regenerating the API key is not available on this server.',
} as const;

/** What a failure shows when the server gives no message of its own. */
export const WebhookConsoleFailureText = {
  sendTest: 'Failed to send test event',
  loadLog: 'Failed to load the delivery log',
  resend: 'Failed to resend delivery',
  rotate: 'Failed to rotate the webhook secret',
  regenerate: 'Failed to regenerate the API key',
} as const;

/** The reference server's own messages about the console. */
export const WebhookConsoleServerText = {
  deliveryNotFound: 'The practice has no delivery with this id',
  webhookDeleted: 'This delivery’s webhook has been deleted, so the delivery cannot be resent',
  inFlight: 'This delivery is being sent right now; try again in a moment',
  wrongPassword: 'Your password is not correct, so nothing was changed',
} as const;
