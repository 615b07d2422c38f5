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
  /** Names the list of the practice's webhooks for assistive technology. */
  list: 'Webhooks',
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

/**
 * Kits §2 "Developer settings": the page's parts. Plain labels that name the part (the documents quote none of
 * them); the secret fields' labels are the spec's own words.
 */
export const DeveloperSettingsText = {
  /** The page's heading (the side menu's entry is "Integrations/API"). */
  title: 'Developer Settings',
  apiAccess: 'API Access',
  apiKey: 'API Key',
  schemaName: 'Schema name',
  webhooksSecret: 'Webhooks Secret',
  apiDocumentation: 'API documentation',
  /** The link opens a new tab; said for screen readers, since the link's look cannot say it. */
  opensNewTab: '(opens in a new tab)',
  events: 'Webhook events',
  loading: 'Loading the developer settings',
  loadingApiAccess: 'Loading API access',
  loadingSecret: 'Loading the webhooks secret',
  loadingWebhooks: 'Loading webhooks',
  loadingEvents: 'Loading webhook events',
} as const;

/** The show/hide and copy buttons of a secret, named after the field they act on. */
export const SecretFieldText = {
  show: (field: string) => `Show ${field}`,
  hide: (field: string) => `Hide ${field}`,
  copy: (field: string) => `Copy ${field}`,
  /** Kits §9: shown for 2 s after a copy. */
  copied: 'Copied',
  /** Not quoted by the documents: the browser refused the clipboard write (no permission, not a secure page). */
  copyFailed: 'Could not copy to the clipboard',
} as const;

/**
 * Deleting a webhook asks first (issue 40), in the words of the team's question (kits §2 "Are you sure you want to
 * delete this user?"): the documents give webhooks none of their own.
 */
export const DeleteWebhookText = {
  question: 'Are you sure you want to delete this webhook?',
  /** Under the question: the endpoint that will no longer hear of the practice's events. */
  endpoint: (endpoint: string) => `${endpoint} will no longer receive events.`,
  confirm: 'Delete',
  cancel: 'Cancel',
} as const;
