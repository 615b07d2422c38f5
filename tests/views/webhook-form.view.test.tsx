import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';

// The page and the form are their own chunks; loading them here keeps the tests' waits about behaviour.
await import('../../src/views/developers/integrations.view');
await import('../../src/views/developers/webhook-form');

const events = [
  { id: 1, name: 'kit.status.changed', type: 'Kit', fullName: 'Kit status changed', description: 'A kit moved' },
  { id: 2, name: 'report.ready', type: 'Report', fullName: 'Report ready', description: 'A report is ready' },
];
const hook = { uid: 'wh-1', endpoint: 'https://hooks.example/lab', events: [{ id: 1, name: 'kit.status.changed' }] };

const sent = (calls: RecordedCall[], method: string) =>
  calls.filter((call) => call.method === method && call.url.startsWith('/portalApi/Webhooks'));

function renderPage(routes: Record<string, (call: RecordedCall) => Response> = {}) {
  return renderApp({
    path: '/integrations',
    user: sessionUser(),
    respond: fakePortalApi({
      routes: {
        'GET /portalApi/Webhooks/TokenSchema': () => json({ apiKey: 'key-1234567890', name: 'harbor' }),
        'GET /portalApi/Webhooks/Secret': () => json({ secret: 'secret-1234567890', maskedSecret: '********7890' }),
        'GET /portalApi/Webhooks/Events': () => json(events),
        'GET /portalApi/Webhooks': () => json([hook]),
        ...routes,
      },
    }),
  });
}

/** The message that describes a field (antd links a field to its message with aria-describedby), or null. */
function messageOf(field: HTMLElement): string | null {
  if (field.getAttribute('aria-invalid') !== 'true') return null;
  const ids = field.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('') || null;
}

async function openNewWebhook(user: ReturnType<typeof renderPage>['user']) {
  await user.click(await screen.findByRole('button', { name: 'New Webhook' }));
  return screen.findByRole('form', { name: 'New Webhook' });
}

describe('the webhook form (kits §4, §5, §7, §8)', () => {
  it('opens with every event selected; the endpoint’s §5 message shows under it after Save, until it is edited', async () => {
    const { user, calls } = renderPage();
    const form = within(await openNewWebhook(user));
    for (const box of form.getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(true);
    const endpoint = form.getByLabelText('Endpoint URL');
    expect(messageOf(endpoint)).toBeNull();
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf(endpoint)).toBe('Endpoint URL is required'));

    // Typing clears the message, and says nothing of its own until the next Save.
    await user.type(endpoint, 'h');
    await waitFor(() => expect(messageOf(endpoint)).toBeNull());
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf(endpoint)).toBe('Please enter a valid URL'));
    expect(sent(calls, 'POST')).toHaveLength(0);
  });

  it('no event selected: its message shows under the events after Save; editing the endpoint clears only the endpoint’s', async () => {
    const { user, calls } = renderPage();
    const form = within(await openNewWebhook(user));
    const endpoint = form.getByLabelText('Endpoint URL');
    const group = form.getByRole('group', { name: 'Events' });
    for (const name of ['Kit status changed', 'Report ready']) await user.click(form.getByRole('checkbox', { name }));
    // Unticking the events says nothing yet: the messages come with a submit.
    expect(messageOf(group)).toBeNull();
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf(group)).toBe('At least one event must be selected'));
    expect(messageOf(endpoint)).toBe('Endpoint URL is required');

    await user.type(endpoint, 'h');
    await waitFor(() => expect(messageOf(endpoint)).toBeNull());
    expect(messageOf(group)).toBe('At least one event must be selected');
    expect(sent(calls, 'POST')).toHaveLength(0);
  });

  it('Cancel closes the form and its messages; opening it again starts afresh', async () => {
    const { user } = renderPage();
    const form = within(await openNewWebhook(user));
    await user.type(form.getByLabelText('Endpoint URL'), 'h');
    await user.click(form.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(messageOf(form.getByLabelText('Endpoint URL'))).toBe('Please enter a valid URL'));
    await user.click(form.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('form', { name: 'New Webhook' })).toBeNull());

    const again = within(await openNewWebhook(user));
    expect(again.getByLabelText<HTMLInputElement>('Endpoint URL').value).toBe('');
    expect(messageOf(again.getByLabelText('Endpoint URL'))).toBeNull();
    for (const box of again.getAllByRole('checkbox')) expect((box as HTMLInputElement).checked).toBe(true);
  });

  it('a refused create keeps the form as typed and says why; saved again, it sends the values trimmed', async () => {
    let refuse = true;
    const { user, calls } = renderPage({
      'POST /portalApi/Webhooks': () =>
        refuse ? json({ error: { message: 'Endpoint did not answer the verification request' }, correlationId: 'c-3' }, 400) : json(true),
    });
    const form = within(await openNewWebhook(user));
    await user.click(form.getByLabelText('Endpoint URL'));
    await user.paste(' https://new.example/events ');
    await user.click(form.getByRole('checkbox', { name: 'Report ready' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect((await form.findByRole('alert')).textContent).toContain('Endpoint did not answer the verification request');
    expect(form.getByLabelText<HTMLInputElement>('Endpoint URL').value).toBe(' https://new.example/events ');
    expect(form.getByRole<HTMLInputElement>('checkbox', { name: 'Report ready' }).checked).toBe(false);

    refuse = false;
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Webhook created successfully')).toBeTruthy();
    expect(sent(calls, 'POST').map((call) => call.body)).toEqual([
      { endpoint: 'https://new.example/events', events: ['kit.status.changed'] },
      { endpoint: 'https://new.example/events', events: ['kit.status.changed'] },
    ]);
  });

  it('Edit opens the form prefilled in the webhook’s place; Save sends PUT with what the form holds', async () => {
    const { user, calls } = renderPage({ 'PUT /portalApi/Webhooks/wh-1': () => json(true) });
    await user.click(await screen.findByRole('button', { name: 'Edit https://hooks.example/lab' }));
    const form = within(await screen.findByRole('form', { name: 'Edit Webhook' }));
    const endpoint = form.getByLabelText<HTMLInputElement>('Endpoint URL');
    expect(endpoint.value).toBe('https://hooks.example/lab');
    expect(form.getByRole<HTMLInputElement>('checkbox', { name: 'Kit status changed' }).checked).toBe(true);
    expect(form.getByRole<HTMLInputElement>('checkbox', { name: 'Report ready' }).checked).toBe(false);

    await user.clear(endpoint);
    await user.paste('https://hooks.example/v2 ');
    await user.click(form.getByRole('checkbox', { name: 'Report ready' }));
    await user.click(form.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Webhook updated successfully')).toBeTruthy();
    expect(sent(calls, 'PUT').map((call) => call.body)).toEqual([
      { endpoint: 'https://hooks.example/v2', events: ['kit.status.changed', 'report.ready'] },
    ]);
  });
});
