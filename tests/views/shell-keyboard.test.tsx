import { waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { UserType } from '../../src/model/enums';
import { fakePortalApi } from '../support/fake-portal-api';
import { userRecord } from '../support/fixtures/records';
import { practiceAccount, sessionUser } from '../support/fixtures/session';
import { renderApp, screen } from '../support/render-app';
import { switcherButtonName } from '../../src/model/auth/practice-switcher';

/** The shell with the keyboard alone, and names longer than their place (the journeys prove the same in Chromium). */

const LONG_PRACTICE = 'Harbor Medical Group of the Northern Coastal Valleys and Islands';
// Identifiers arrive as numbers or as digit strings; the views must not care which.
const harbor = practiceAccount({ practiceId: 17, userId: 117, name: LONG_PRACTICE });
const summit = practiceAccount({ practiceId: '18', userId: '118', name: 'Summit Wellness Clinic' });
const multiPractice = sessionUser({ practice: harbor, practices: [harbor, summit] });

function describeFocus() {
  const element = document.activeElement;
  if (!element || element === document.body) return null;
  return {
    role: element.getAttribute('role') ?? (element.tagName === 'A' ? 'link' : element.tagName.toLowerCase()),
    name: element.getAttribute('aria-label') ?? element.textContent ?? '',
    inNavigation: element.closest('nav') !== null,
  };
}

describe('the side menu is one tab stop (defect: its container took Tab)', () => {
  it('tabbing from the top lands on the current page item once, never on the menu list or another item', async () => {
    const { user } = renderApp({ path: '/orders', user: sessionUser(), respond: fakePortalApi() });
    await screen.findByRole('heading', { name: 'Orders' });
    const nav = screen.getByRole('navigation', { name: 'Main navigation' });
    await within(nav).findAllByRole('menuitem');
    const stops = [];
    for (let presses = 0; presses < 20; presses += 1) {
      await user.tab();
      const stop = describeFocus();
      if (stop === null) break;
      stops.push(stop);
    }
    expect(stops.filter((stop) => stop.inNavigation)).toEqual([{ role: 'link', name: 'Orders', inNavigation: true }]);
    expect(within(nav).getByRole('menu').getAttribute('tabindex')).toBe('-1');
  });
});

describe('the menu buttons from the keyboard (defect: focus stayed on the button or was lost)', () => {
  it('Enter opens the theme menu on its first item; Escape gives focus back to the button', async () => {
    const { user } = renderApp({ path: '/kits', user: sessionUser(), respond: fakePortalApi() });
    const button = await screen.findByRole('button', { name: 'Theme: System' });
    button.focus();
    await user.keyboard('{Enter}');
    const light = await screen.findByRole('menuitem', { name: 'Light' });
    await waitFor(() => expect(document.activeElement).toBe(light));
    expect(within(screen.getByRole('menu', { name: 'Theme' })).getAllByRole('menuitem')).toHaveLength(3);
    expect(button.getAttribute('aria-haspopup')).toBe('menu');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    await user.keyboard('{Escape}');
    await waitFor(() => expect(document.activeElement).toBe(button));
  });

  it.each([
    ['expanded', 1400],
    ['collapsed', 1100],
  ])(
    'in the %s sidebar, ArrowDown opens the practice switcher on its first entry, Escape gives focus back; picking the current one does nothing and gives focus back',
    async (_, width) => {
      const { user, calls } = renderApp({ path: '/kits', user: multiPractice, respond: fakePortalApi(), width });
      const button = await screen.findByRole('button', { name: switcherButtonName(LONG_PRACTICE) });
      button.focus();
      await user.keyboard('{ArrowDown}');
      const menu = await screen.findByRole('menu', { name: 'Switch practice' });
      await waitFor(() => expect(document.activeElement).toBe(within(menu).getAllByRole('menuitem')[0]));
      await user.keyboard('{Escape}');
      await waitFor(() => expect(document.activeElement).toBe(button));

      await user.click(button);
      const reopened = await screen.findByRole('menu', { name: 'Switch practice' });
      await user.click(within(reopened).getByRole('menuitem', { name: new RegExp(`^${LONG_PRACTICE}`) }));
      await waitFor(() => expect(document.activeElement).toBe(button));
      expect(calls.filter((call) => call.url === '/portalApi/Auth/Account/Switch')).toEqual([]);
    },
  );
});

describe('names too long for their place keep the whole name for screen readers (defect: cut names)', () => {
  it('the practice switcher and the top bar carry the whole practice and user names', async () => {
    const me = userRecord({
      firstName: 'Maximiliana Theodora',
      lastName: 'Featherstonehaugh-Wolfeschlegelsteinhausen',
      userType: UserType.Provider,
    });
    const { user } = renderApp({ path: '/kits', user: multiPractice, respond: fakePortalApi({ me }), width: 480 });
    expect(await screen.findByText('Maximiliana Theodora Featherstonehaugh-Wolfeschlegelsteinhausen')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByRole('button', { name: switcherButtonName(LONG_PRACTICE) }).textContent).toContain(LONG_PRACTICE);
  });
});
