import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';

// The page and its lazily loaded dialogs are their own chunks; loading them here keeps the waits about behaviour.
await import('../../src/views/developers/integrations.view');
await import('../../src/views/developers/request-body-dialog');
await import('../../src/views/developers/key-rotation-dialog');

const hook = { uid: 'wh-1', endpoint: 'https://hooks.example/lab', events: [{ id: 1, name: 'kit.status.changed' }] };
const BODY = '{"id":"d-1","type":"Ping","createdAt":"2026-03-02T09:00:00.000Z","data":{"webhook":{"uid":"wh-1"}}}';
const log = {
  items: [
    {
      deliveryId: 'd-1',
      event: 'Ping',
      attempt: 2,
      at: '2026-03-02T09:00:05.000Z',
      outcome: 'failed',
      statusCode: null,
      error: 'ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9',
      durationMs: 12,
      requestBody: BODY,
    },
    {
      deliveryId: 'd-1',
      event: 'Ping',
      attempt: 1,
      at: '2026-03-02T09:00:00.000Z',
      outcome: 'delivered',
      statusCode: 200,
      error: null,
      durationMs: 48,
      requestBody: BODY,
    },
  ],
  page: 1,
  hasMore: false,
};

const posts = (calls: RecordedCall[], path: string) => calls.filter((call) => call.method === 'POST' && call.url.startsWith(path));

function renderPage(routes: Record<string, (call: RecordedCall) => Response> = {}) {
  return renderApp({
    path: '/integrations',
    user: sessionUser(),
    respond: fakePortalApi({
      routes: {
        'GET /portalApi/Webhooks/TokenSchema': () => json({ apiKey: 'key-1234567890', name: 'harbor' }),
        'GET /portalApi/Webhooks/Secret': () => json({ secret: 'secret-1234567890', maskedSecret: '********7890' }),
        'GET /portalApi/Webhooks/Events': () => json([]),
        'GET /portalApi/Webhooks': () => json([hook]),
        ...routes,
      },
    }),
  });
}

describe('the webhook console (issue 44)', () => {
  it('shows each attempt’s time, event, status or error and duration, opens the body sent, and resends a delivery', async () => {
    const { user, calls } = renderPage({
      'GET /portalApi/Webhooks/wh-1/Deliveries': () => json(log),
      'POST /portalApi/Webhooks/Deliveries/d-1/Resend': () => json({ deliveryId: 'd-1' }),
    });
    // Nothing of the console is asked for until it is used.
    await screen.findByRole('button', { name: `Show delivery log of ${hook.endpoint}` });
    expect(calls.some((call) => call.url.includes('/Deliveries'))).toBe(false);

    await user.click(screen.getByRole('button', { name: `Show delivery log of ${hook.endpoint}` }));
    const table = await screen.findByRole('table', { name: `Delivery log of ${hook.endpoint}` });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringContaining('ECONNREFUSED: connect ECONNREFUSED 127.0.0.1:9'),
      expect.stringContaining('HTTP 200'),
    ]);
    expect(rows[1]?.textContent).toContain('48 ms');
    expect(rows[1]?.textContent).toContain('Ping');

    await user.click(within(rows[1] as HTMLElement).getByRole('button', { name: 'View body' }));
    const dialog = await screen.findByRole('dialog', { name: 'Request body' });
    expect(within(dialog).getByLabelText('Request body').textContent).toBe(JSON.stringify(JSON.parse(BODY), null, 2));

    await user.click(within(rows[0] as HTMLElement).getByRole('button', { name: 'Resend' }));
    await waitFor(() => expect(posts(calls, '/portalApi/Webhooks/Deliveries/d-1/Resend')).toHaveLength(1));
    expect(await screen.findByText('Delivery queued to be sent again')).toBeTruthy();
  });

  it('rotates the secret only with a password: none sends nothing, a wrong one keeps what was typed and says why', async () => {
    let answer = () => json({ error: { message: 'Your password is not correct, so nothing was changed' } }, 400);
    const { user, calls } = renderPage({
      'POST /portalApi/Webhooks/Secret/Rotate': () => answer(),
    });
    await user.click(await screen.findByRole('button', { name: 'Rotate secret' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Rotate the webhook secret?' }));
    expect(dialog.getByText(/keeps signing deliveries beside the new one for 24 hours/)).toBeTruthy();

    await user.click(dialog.getByRole('button', { name: 'Rotate secret' }));
    expect(await dialog.findByText('Enter your password to confirm')).toBeTruthy();
    expect(posts(calls, '/portalApi/Webhooks/Secret/Rotate')).toHaveLength(0);

    await user.type(dialog.getByLabelText('Your password'), 'not it');
    await user.click(dialog.getByRole('button', { name: 'Rotate secret' }));
    expect(await dialog.findByText('Your password is not correct, so nothing was changed')).toBeTruthy();
    expect(dialog.getByLabelText<HTMLInputElement>('Your password').value).toBe('not it');
    expect(posts(calls, '/portalApi/Webhooks/Secret/Rotate').map((call) => call.body)).toEqual([{ password: 'not it' }]);

    answer = () => json({ secret: 'secret-new-0001', maskedSecret: '********0001', previousSecretExpiresAt: '2026-03-03T09:00:00.000Z' });
    await user.clear(dialog.getByLabelText('Your password'));
    await user.type(dialog.getByLabelText('Your password'), 'right one');
    await user.click(dialog.getByRole('button', { name: 'Rotate secret' }));
    expect(await screen.findByText('Webhook secret rotated')).toBeTruthy();
    // The secret is read again, so the field shows the service's answer.
    await waitFor(() => expect(calls.filter((call) => call.url === '/portalApi/Webhooks/Secret').length).toBeGreaterThan(1));
  });
});
