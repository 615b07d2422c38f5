import { waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { json, never, type RecordedCall } from '../support/fake-fetch';
import { fakePortalApi } from '../support/fake-portal-api';
import { userRecord } from '../support/fixtures/records';
import { sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';

// The tab is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/team/team.view');

const MEMBERS = Array.from({ length: 12 }, (_, i) =>
  userRecord({ uid: `user-${i + 1}`, firstName: 'Member', lastName: String(i + 1).padStart(2, '0'), username: `member${i + 1}` }),
);

const params = (call: RecordedCall) => Object.fromEntries(new URL(call.url, 'http://portal.test').searchParams);

/** Pages of ten; `fail` answers instead when it returns a response. */
function teamApi(options: { members?: readonly object[]; fail?: (call: RecordedCall) => Response | Promise<Response> | undefined } = {}) {
  return fakePortalApi({
    routes: {
      'GET /portalApi/Users': (call) => {
        const failed = options.fail?.(call);
        if (failed) return failed;
        const page = Number(params(call).page);
        const all = options.members ?? MEMBERS;
        return json({ items: all.slice((page - 1) * 10, page * 10), page, hasMore: page * 10 < all.length });
      },
    },
  });
}

/** happy-dom lays nothing out: the scroll area measures the 600 px of kits §9 here, so the table shows its rows. */
const measured = Object.getOwnPropertyDescriptor(HTMLElement.prototype, 'clientHeight');
beforeAll(() => {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', {
    configurable: true,
    get(this: HTMLElement) {
      return this.getAttribute('aria-label') === 'Team members, scroll to load more' ? 600 : 0;
    },
  });
});
afterAll(() => {
  if (measured) Object.defineProperty(HTMLElement.prototype, 'clientHeight', measured);
});

const render = (respond: ReturnType<typeof teamApi>) => renderApp({ path: '/settings/team', user: sessionUser(), respond });
const statusTexts = () => screen.queryAllByRole('status').map((status) => status.textContent);

describe('the team list (kits §2 "Settings: Team")', { timeout: 40_000 }, () => {
  it('shows the members as the big table, sorted by name, with their actions', async () => {
    render(teamApi());
    const table = await screen.findByRole('table', { name: 'Team members' });
    expect(await within(table).findByText('Member 01')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Team members, scroll to load more' })).toBeTruthy();
    expect(within(table).getByRole('columnheader', { name: 'Name' }).getAttribute('aria-sort')).toBe('ascending');
    expect(within(table).getByRole('button', { name: 'Edit Member 01, Provider' })).toBeTruthy();
  });

  it('tells screen readers the first page is loading: "Loading team members"', async () => {
    render(teamApi({ fail: () => never(undefined) }));
    await waitFor(() => expect(statusTexts()).toContain('Loading team members'));
  });

  it('says why when nothing loaded', async () => {
    render(teamApi({ fail: () => json({ error: { message: 'Directory is asleep' }, correlationId: 'c-1' }, 500) }));
    expect(await screen.findByText(/^Directory is asleep/)).toBeTruthy();
    expect(screen.queryByRole('table', { name: 'Team members' })).toBeNull();
  });

  it('keeps the rows when a later page fails and says so', async () => {
    render(teamApi({ fail: (call) => (params(call).page === '2' ? json({ message: 'Page two is gone' }, 500) : undefined) }));
    expect(await screen.findByText(/^Page two is gone/)).toBeTruthy();
    expect(screen.getByText('Member 01')).toBeTruthy();
  });

  it('says there is no data when the team is empty', async () => {
    render(teamApi({ members: [] }));
    expect(await screen.findAllByText('No data')).not.toHaveLength(0);
    expect(screen.queryByRole('table', { name: 'Team members' })).toBeNull();
  });
});
