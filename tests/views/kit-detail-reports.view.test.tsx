import { waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json } from '../support/fake-fetch';
import { screen } from '../support/render-app';
import { open, reportCalls, stubTabs } from './kit-detail-fixture';

// The detail page is its own chunk; loading it here keeps the tests' waits about behaviour.
await import('../../src/views/kits/detail/kit-detail.view');

afterEach(() => vi.restoreAllMocks());

describe('report download on the kit detail page (kits §4 "Report download", §7)', () => {
  it('a report’s download opens the tab in the click, asks POST /Reports/ for Html, points the tab at the link and says so', async () => {
    let answer: (response: Response) => void = () => undefined;
    const { tabs, openTab } = stubTabs();
    const { user, calls } = open({ report: () => new Promise((resolve) => (answer = resolve)) });
    await user.click(await screen.findByRole('button', { name: 'Download TruAge' }));
    // The tab is open while the call is still under way.
    expect(openTab).toHaveBeenCalledWith('', '_blank');
    await waitFor(() => expect(reportCalls(calls)).toHaveLength(1));
    expect(reportCalls(calls)[0]?.body).toEqual({ kitId: 'TRU-1001', reportType: 200, renderStrategy: 10, renderDetails: 1 });
    expect(screen.getByRole('button', { name: 'Download TruHealth' }).hasAttribute('disabled')).toBe(true);
    answer(json({ presignedUrl: 'https://reports.example.test/r/200?sig=a', extra: true }));
    expect(await screen.findByText('Report generated successfully')).toBeTruthy();
    expect(tabs[0]?.replace).toHaveBeenCalledWith('https://reports.example.test/r/200?sig=a');
    expect(tabs[0]?.close).not.toHaveBeenCalled();
    expect(openTab).toHaveBeenCalledTimes(1);
  });

  it('on a window 768 px wide or less the report is asked for as Pdf', async () => {
    stubTabs();
    const { user, calls } = open({ report: () => json({ presignedUrl: 'https://reports.example.test/r/500.pdf' }) }, 375);
    await user.click(await screen.findByRole('button', { name: 'Download TruHealth' }));
    await waitFor(() => expect(reportCalls(calls)).toHaveLength(1));
    expect(reportCalls(calls)[0]?.body).toEqual({ kitId: 'TRU-1001', reportType: 500, renderStrategy: 20, renderDetails: 1 });
  });

  it('no link, or a failure, closes the tab with no message', async () => {
    const { tabs } = stubTabs();
    let fail = false;
    const { user } = open({
      report: () => (fail ? json({ error: { message: 'Rendering failed' }, correlationId: 'c-1' }, 500) : json({ presignedUrl: null })),
    });
    await user.click(await screen.findByRole('button', { name: 'Download TruAge' }));
    await waitFor(() => expect(tabs[0]?.close).toHaveBeenCalledTimes(1));
    fail = true;
    await waitFor(() => expect(screen.getByRole('button', { name: 'Download TruAge' }).hasAttribute('disabled')).toBe(false));
    await user.click(screen.getByRole('button', { name: 'Download TruAge' }));
    await waitFor(() => expect(tabs[1]?.close).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Report generated successfully')).toBeNull();
    expect(screen.queryByText(/Rendering failed/)).toBeNull();
    expect(tabs.every((tab) => tab.replace.mock.calls.length === 0)).toBe(true);
  });

  it('"Select All" then "Download (2)" opens one tab in the click and lists both reports’ links in it', async () => {
    const { tabs, openTab } = stubTabs();
    const { user, calls } = open({
      report: (call) => json({ presignedUrl: `https://reports.example.test/r/${(call.body as { reportType: number }).reportType}` }),
    });
    const selectAll = await screen.findByRole('checkbox', { name: 'Select All' });
    await user.click(screen.getByRole('checkbox', { name: 'Select TruHealth' }));
    expect(screen.getByRole('button', { name: /Download \(1\)/ })).toBeTruthy();
    await user.click(selectAll);
    expect(screen.getByRole<HTMLInputElement>('checkbox', { name: 'Select TruAge' }).checked).toBe(true);
    await user.click(screen.getByRole('button', { name: /Download \(2\)/ }));
    expect(openTab).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(reportCalls(calls)).toHaveLength(2));
    expect(reportCalls(calls).map((call) => call.body)).toEqual([
      { kitId: 'TRU-1001', reportType: 200, renderStrategy: 10, renderDetails: 1 },
      { kitId: 'TRU-1001', reportType: 500, renderStrategy: 10, renderDetails: 1 },
    ]);
    await waitFor(() => expect(tabs[0]?.document.querySelectorAll('a')).toHaveLength(2));
    const written = tabs[0]!.document;
    expect(written.title).toBe('Reports of kit TRU-1001');
    expect([...written.querySelectorAll('a')].map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['TruAge (opens in a new tab)', 'https://reports.example.test/r/200'],
      ['TruHealth (opens in a new tab)', 'https://reports.example.test/r/500'],
    ]);
    expect(await screen.findByText('Report generated successfully')).toBeTruthy();
    // Select All again clears the selection.
    await user.click(selectAll);
    expect(screen.getByRole('button', { name: /Download \(0\)/ }).hasAttribute('disabled')).toBe(true);
  });
});
