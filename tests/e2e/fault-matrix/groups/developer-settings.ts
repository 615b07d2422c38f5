import { expect, type Locator, type Page } from '@playwright/test';
import { ErrorText } from '../../../../src/model/messages';
import { Paths } from '../../../../src/model/shell/navigation';
import {
  DeleteWebhookText,
  DeveloperSettingsText,
  WebhookFormText,
  WebhookMessageText,
} from '../../../../src/model/developers/webhook-texts';
import { KeyRotationText, WebhookConsoleFailureText, WebhookConsoleText } from '../../../../src/model/developers/webhook-console-texts';
import { DEMO_PASSWORD } from '../../support';
import { visit, type CallScenario, type MatrixGroup } from '../matrix';
import { alertWith, nothing, providerSignIn, saveButton } from './common';

/** The error box of one part of the developer settings page, each part loading on its own (kits §2). */
const sectionAlert =
  (section: string) =>
  (page: Page, expected: string | RegExp): Locator =>
    page.getByRole('region', { name: section }).getByRole('alert').filter({ hasText: expected });

// ---- Developer settings (Riverside Family Medicine, no webhook until the group makes one) ---------------------------

const ENDPOINT = 'https://hooks.example.com/fault-matrix';
const NEW_ENDPOINT = 'https://hooks.example.com/fault-matrix/new';
const EDITED_ENDPOINT = 'https://hooks.example.com/fault-matrix/v2';
/** One of the events the server offers (kits §2), as the form titles it. */
const REPORT_READY = 'Report ready';

const webhookForm = (page: Page, mode: 'create' | 'edit') =>
  page.getByRole('form', { name: mode === 'create' ? WebhookFormText.newWebhook : WebhookFormText.editWebhook });
const formAlert =
  (mode: 'create' | 'edit') =>
  (page: Page, expected: string | RegExp): Locator =>
    webhookForm(page, mode).getByRole('alert').filter({ hasText: expected });
const endpointField = (page: Page, mode: 'create' | 'edit') => webhookForm(page, mode).getByLabel(WebhookFormText.endpoint);
const reportReady = (page: Page, mode: 'create' | 'edit') => webhookForm(page, mode).getByRole('checkbox', { name: REPORT_READY });
const webhookRow = (page: Page) =>
  page.getByRole('list', { name: WebhookFormText.list }).getByRole('listitem').filter({ hasText: ENDPOINT });

/** Whether this group's run has saved the webhook that editing and deleting act on; signing in starts a fresh database. */
let webhookSaved = false;

async function openIntegrations(page: Page) {
  await visit(page, Paths.integrations);
  await expect(page.getByRole('heading', { name: DeveloperSettingsText.title })).toBeVisible();
}

/** Opens the page with the group's webhook listed, saving it first (without a fault) the first time. */
async function openWithWebhook(page: Page) {
  await openIntegrations(page);
  if (!webhookSaved) {
    await page.getByRole('button', { name: WebhookFormText.newWebhook }).click();
    await endpointField(page, 'create').fill(ENDPOINT);
    await saveButton(page, WebhookFormText.save).click();
    await expect(page.getByRole('status').filter({ hasText: WebhookMessageText.created })).toBeVisible();
    webhookSaved = true;
  }
  await expect(webhookRow(page)).toBeVisible();
}

/** The log's first entry of the group's webhook, once the sender has logged the test event the group sent. */
const firstLogEntry = (page: Page) =>
  page
    .getByRole('table', { name: WebhookConsoleText.logOf(ENDPOINT) })
    .getByRole('row')
    .filter({ hasText: 'Ping' })
    .first();

/** Whether this group's run has sent the test event whose delivery the resend row resends. */
let testEventSent = false;

async function openLogWithEntry(page: Page) {
  await openWithWebhook(page);
  if (!testEventSent) {
    await webhookRow(page)
      .getByRole('button', { name: `${WebhookConsoleText.sendTest} to ${ENDPOINT}` })
      .click();
    await expect(page.getByRole('status').filter({ hasText: WebhookConsoleText.testQueued })).toBeVisible();
    testEventSent = true;
  } else {
    await webhookRow(page)
      .getByRole('button', { name: `${WebhookConsoleText.showLog} of ${ENDPOINT}` })
      .click();
  }
  await expect(firstLogEntry(page)).toBeVisible();
}

const rotationDialog = (page: Page, kind: 'secret' | 'apiKey') =>
  page.getByRole('dialog', { name: kind === 'secret' ? KeyRotationText.rotateTitle : KeyRotationText.regenerateTitle });

/** The webhook console (issue 44): its calls are this project's own, each failure said where the user acted. */
const consoleCalls: readonly CallScenario[] = [
  {
    call: 'POST /Webhooks/{uid}/Test',
    arrive: openWithWebhook,
    act: (page) =>
      webhookRow(page)
        .getByRole('button', { name: `${WebhookConsoleText.sendTest} to ${ENDPOINT}` })
        .click(),
    unreadable: WebhookConsoleFailureText.sendTest,
  },
  {
    call: 'GET /Webhooks/{uid}/Deliveries',
    arrive: openWithWebhook,
    act: (page) =>
      webhookRow(page)
        .getByRole('button', { name: `${WebhookConsoleText.showLog} of ${ENDPOINT}` })
        .click(),
    unreadable: WebhookConsoleFailureText.loadLog,
    failure: alertWith,
  },
  {
    call: 'POST /Webhooks/Deliveries/{deliveryId}/Resend',
    arrive: openLogWithEntry,
    act: (page) => firstLogEntry(page).getByRole('button', { name: WebhookConsoleText.resend }).click(),
    unreadable: WebhookConsoleFailureText.resend,
  },
  ...(
    [
      ['POST /Webhooks/Secret/Rotate', 'secret', KeyRotationText.rotateSecret, WebhookConsoleFailureText.rotate],
      ['POST /Webhooks/TokenSchema/Regenerate', 'apiKey', KeyRotationText.regenerateKey, WebhookConsoleFailureText.regenerate],
    ] as const
  ).map(([call, kind, action, unreadable]) => ({
    call,
    arrive: async (page: Page) => {
      await openIntegrations(page);
      await page.getByRole('button', { name: action, exact: true }).click();
      await rotationDialog(page, kind).getByLabel(KeyRotationText.password).fill(DEMO_PASSWORD);
    },
    act: (page: Page) => rotationDialog(page, kind).getByRole('button', { name: action }).click(),
    unreadable,
    failure: (page: Page, expected: string | RegExp) => rotationDialog(page, kind).getByRole('alert').filter({ hasText: expected }),
    // The password typed stays, to try again.
    keeps: (page: Page) => expect(rotationDialog(page, kind).getByLabel(KeyRotationText.password)).toHaveValue(DEMO_PASSWORD),
  })),
];

const DEVELOPER_GROUP: MatrixGroup = {
  title: 'the provider’s developer settings',
  signIn: async (page) => {
    webhookSaved = false;
    testEventSent = false;
    await providerSignIn('hcp.checkout')(page);
  },
  calls: [
    ...(
      [
        ['GET /Webhooks/TokenSchema', DeveloperSettingsText.apiAccess],
        ['GET /Webhooks/Secret', DeveloperSettingsText.webhooksSecret],
        ['GET /Webhooks', WebhookFormText.section],
        ['GET /Webhooks/Events', DeveloperSettingsText.events],
      ] as const
    ).map(([call, section]) => ({
      call,
      arrive: nothing,
      act: (page: Page) => visit(page, Paths.integrations),
      // Each part's error box (query-state.tsx): kits §8 names no load failure text for this page.
      unreadable: ErrorText.server,
      failure: sectionAlert(section),
    })),
    {
      call: 'POST /Webhooks',
      arrive: async (page) => {
        await openIntegrations(page);
        await page.getByRole('button', { name: WebhookFormText.newWebhook }).click();
        await endpointField(page, 'create').fill(NEW_ENDPOINT);
        await reportReady(page, 'create').uncheck();
      },
      act: (page) => saveButton(page, WebhookFormText.save).click(),
      unreadable: WebhookMessageText.createFailed,
      failure: formAlert('create'),
      keeps: async (page) => {
        await expect(endpointField(page, 'create')).toHaveValue(NEW_ENDPOINT);
        await expect(reportReady(page, 'create')).not.toBeChecked();
      },
    },
    {
      call: 'PUT /Webhooks/{uid}',
      arrive: async (page) => {
        await openWithWebhook(page);
        await webhookRow(page).getByRole('button', { name: WebhookFormText.edit }).click();
        await endpointField(page, 'edit').fill(EDITED_ENDPOINT);
        await reportReady(page, 'edit').uncheck();
      },
      act: (page) => saveButton(page, WebhookFormText.save).click(),
      unreadable: WebhookMessageText.updateFailed,
      failure: formAlert('edit'),
      keeps: async (page) => {
        await expect(endpointField(page, 'edit')).toHaveValue(EDITED_ENDPOINT);
        await expect(reportReady(page, 'edit')).not.toBeChecked();
      },
    },
    // The console's rows act on the group's webhook, so they come before its delete's.
    ...consoleCalls,
    {
      call: 'DELETE /Webhooks/{uid}',
      arrive: openWithWebhook,
      act: async (page) => {
        await webhookRow(page).getByRole('button', { name: WebhookFormText.delete }).click();
        await page
          .getByRole('dialog', { name: DeleteWebhookText.question })
          .getByRole('button', { name: DeleteWebhookText.confirm })
          .click();
      },
      // The delete's fallback (webhook-form.machine.ts DELETE_FALLBACK): kits §8 gives it no text of its own.
      unreadable: ErrorText.server,
      failure: alertWith,
    },
  ],
};

/** The provider's developer settings: API access, the webhooks secret, the webhooks and their events. */
export const DEVELOPER_SETTINGS_GROUPS: readonly MatrixGroup[] = [DEVELOPER_GROUP];
