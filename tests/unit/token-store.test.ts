// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SESSION_STORAGE_KEY } from '../../src/model/constants';
import { toStoredSession } from '../../src/model/auth/session';
import { tokenStore } from '../../src/services/auth/token-store';
import { sessionUser } from '../support/fixtures/session';

const stored = toStoredSession(sessionUser());

afterEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('the stored session (access §3)', () => {
  it('with Remember me it lives in localStorage', () => {
    tokenStore.write(stored, true);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).not.toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(tokenStore.read()).toEqual({ session: stored, remember: true });
  });

  it('without Remember me it lives in sessionStorage, which survives a reload of the same tab', () => {
    tokenStore.write(stored, false);
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(tokenStore.read()).toEqual({ session: stored, remember: false });
  });

  it("a tab's own session wins over the remembered one, and leaves it alone", () => {
    const other = toStoredSession(sessionUser({ userType: 5 }));
    tokenStore.write(stored, true);
    tokenStore.write(other, false);
    expect(tokenStore.read()).toEqual({ session: other, remember: false });
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBe(JSON.stringify(stored));
  });

  it("remembering a session replaces the tab's own copy", () => {
    tokenStore.write(stored, false);
    tokenStore.write(stored, true);
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(tokenStore.read()).toEqual({ session: stored, remember: true });
  });

  it('sign-out clears both', () => {
    tokenStore.write(stored, true);
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
    tokenStore.clear();
    expect(tokenStore.read()).toBeNull();
  });

  it('an unreadable entry is dropped instead of breaking every page load', () => {
    localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    sessionStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ user: 'wrong shape' }));
    expect(tokenStore.read()).toBeNull();
    expect(localStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
    expect(sessionStorage.getItem(SESSION_STORAGE_KEY)).toBeNull();
  });

  it("another tab's sign-out or token rotation reaches this tab", () => {
    const listener = vi.fn();
    const stop = tokenStore.subscribe(listener);
    const raw = JSON.stringify(stored);
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: raw, storageArea: localStorage }));
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: null, storageArea: localStorage }));
    window.dispatchEvent(new StorageEvent('storage', { key: 'cart-storage', newValue: '[]', storageArea: localStorage }));
    stop();
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_STORAGE_KEY, newValue: null, storageArea: localStorage }));
    expect(listener.mock.calls).toEqual([[stored], [null]]);
  });
});
