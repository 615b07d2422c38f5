import { waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { userRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';

// The page is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/team/team-member.view');

const bea = userRecord({ uid: 'u-2', firstName: 'Bea', lastName: 'Nurse', email: 'bea@example.com', phone: '555 0102', userType: 0 });

const sent = (calls: RecordedCall[], method: string) =>
  calls.filter((call) => call.method === method && call.url.startsWith('/portalApi/Users'));
const field = (label: string) => screen.getByLabelText<HTMLInputElement>(label, { selector: 'input' });

/** The message that describes a field (antd links a field to its message with aria-describedby), or null. */
function messageOf(input: HTMLElement): string | null {
  if (input.getAttribute('aria-invalid') !== 'true') return null;
  const ids = input.getAttribute('aria-describedby')?.split(' ') ?? [];
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join('') || null;
}

function renderPage(path: string, routes: Record<string, (call: RecordedCall) => Response> = {}) {
  return renderApp({ path, user: sessionUser(), respond: fakePortalApi({ routes }) });
}

describe('the team member form (kits §2, §5, §7, §8)', () => {
  it('a new member: each §5 message shows under its field after the button; nothing is sent', async () => {
    const { user, calls } = renderPage('/settings/team/add');
    await screen.findByRole('heading', { name: 'Add Team Member' });
    await user.click(screen.getByRole('button', { name: 'Add Team Member' }));
    await waitFor(() => expect(messageOf(field('First Name'))).toBe('First name is required'));
    expect(messageOf(field('Last Name'))).toBe('Last name is required');
    expect(messageOf(field('Email'))).toBe('Email is required');
    expect(messageOf(field('Phone'))).toBe('Phone is required');
    expect(messageOf(screen.getByRole('combobox', { name: 'Discipline' }))).toBe('Discipline is required');
    expect(sent(calls, 'POST')).toHaveLength(0);
  });

  it('a bad email says "Invalid email format"; editing a field clears its own message only', async () => {
    const { user, calls } = renderPage('/settings/team/add');
    await screen.findByRole('heading', { name: 'Add Team Member' });
    await user.click(field('Email'));
    await user.paste('ann@');
    await user.click(screen.getByRole('button', { name: 'Add Team Member' }));
    await waitFor(() => expect(messageOf(field('Email'))).toBe('Invalid email format'));
    expect(messageOf(field('Phone'))).toBe('Phone is required');

    await user.click(field('Phone'));
    await user.paste('555');
    await waitFor(() => expect(messageOf(field('Phone'))).toBeNull());
    expect(messageOf(field('Email'))).toBe('Invalid email format');
    expect(sent(calls, 'POST')).toHaveLength(0);
  });

  it('editing opens with the member and the email read-only; "User type is required" for none; PUT sends the form without the email', async () => {
    const { user, calls } = renderPage('/settings/team/add?edit=u-2', {
      'GET /portalApi/Users/u-2': () => json(bea),
      'PUT /portalApi/Users/u-2': () => json(bea),
    });
    await screen.findByRole('heading', { name: 'Edit Team Member' });
    expect((await screen.findByLabelText<HTMLInputElement>('First Name', { selector: 'input' })).value).toBe('Bea');
    expect(field('Email').value).toBe('bea@example.com');
    expect(field('Email').readOnly).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    await waitFor(() => expect(messageOf(screen.getByRole('combobox', { name: 'Discipline' }))).toBe('User type is required'));
    expect(sent(calls, 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('combobox', { name: 'Discipline' }));
    await user.click(await screen.findByTitle('Nurse'));
    await user.clear(field('Last Name'));
    await user.paste('Quinn ');
    await user.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('User updated successfully')).toBeTruthy();
    expect(sent(calls, 'PUT').map((call) => call.body)).toEqual([
      { firstName: 'Bea', lastName: 'Quinn', phone: '555 0102', receiveNotifications: true, notificationPreferences: [], userType: 9 },
    ]);
  });
});
