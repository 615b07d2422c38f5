/**
 * Kits §2 "Developer settings", §5 and §8 for webhooks. Quoted texts are exactly as the specification writes
 * them; the rest are plain labels that name the part.
 */

/** Kits §5: the webhook form's validation messages. */
export const WebhookValidationText = {
  endpointRequired: 'Endpoint URL is required',
  endpointInvalid: 'Please enter a valid URL',
  eventsRequired: 'At least one event must be selected',
  /** Not quoted by the documents: what a direct call hears for events that are not a list of names. */
  eventsNotNames: 'events must be a list of event names',
} as const;

/** Kits §8: the webhooks' success toasts and failure fallbacks (a failure shows the server's message when it has one). */
export const WebhookMessageText = {
  created: 'Webhook created successfully',
  updated: 'Webhook updated successfully',
  deleted: 'Webhook deleted successfully',
  unknownCreateError: 'Unknown error while creating webhook',
  createFailed: 'Failed to create webhook',
  updateFailed: 'Failed to update webhook',
} as const;

/** The webhook form and list's labels (kits §2 "Webhook Endpoints"). */
export const WebhookFormText = {
  section: 'Webhook Endpoints',
  newWebhook: 'New Webhook',
  editWebhook: 'Edit Webhook',
  endpoint: 'Endpoint URL',
  events: 'Events',
  save: 'Save',
  cancel: 'Cancel',
  edit: 'Edit',
  delete: 'Delete',
  eventFullName: 'Full name',
  eventDescription: 'Description',
} as const;
