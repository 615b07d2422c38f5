import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UnitType } from '../../../src/model/enums';
import { ErrorText } from '../../../src/model/messages';
import type { Practice } from '../../../src/model/practice/practice';
import { LOGO_MAX_BYTES } from '../../../src/model/practice/white-label';
import { WhiteLabelRuleText, WhiteLabelText, WhiteLabelToastText } from '../../../src/model/practice/white-label-texts';
import type { ImageFacts } from '../../../src/services/platform/image-size';
import { json, type RecordedCall } from '../../support/fake-fetch';
import { fakePortalApi } from '../../support/fake-portal-api';
import { practiceRecord } from '../../support/fixtures/records';
import { sessionUser } from '../../support/fixtures/session';
import { renderApp } from '../../support/render-app';
import { queryClient } from '../../../src/services/http/query-client';

// happy-dom decodes no images: the browser's answer about a chosen file is scripted by its name.
vi.mock('../../../src/services/platform/image-size', () => ({
  inspectImage: vi.fn((file: File): Promise<ImageFacts> => {
    if (file.name.startsWith('not-an-image')) return Promise.resolve({ type: null, width: 0, height: 0 });
    if (file.name.startsWith('wide')) return Promise.resolve({ type: 'image/png', width: 2000, height: 1500 });
    return Promise.resolve({ type: 'image/png', width: 600, height: 400 });
  }),
}));

await import('../../../src/views/practice/white-label-tab');

const LOGO_URL = '/portalApi/Practices/WhiteLabel/Logos/current-token';
const NEW_LOGO_URL = '/portalApi/Practices/WhiteLabel/Logos/new-token';

const png = (name: string, size = 64) => new File([new Uint8Array(size)], name, { type: 'image/png' });

/** The portalApi with a practice whose logo the PATCH changes; every multipart field sent is kept. */
function renderReports(options: { practice?: Practice; refuse?: string } = {}) {
  let practice = options.practice ?? practiceRecord();
  const sent: (File | string | null)[] = [];
  const respond = fakePortalApi({
    routes: {
      'GET /portalApi/Practices': () => json(practice),
      'PATCH /portalApi/Practices/WhiteLabel': () => {
        if (options.refuse) return json({ error: { message: options.refuse }, correlationId: 'c-1' }, 400);
        const field = sent.at(-1);
        practice = { ...practice, whiteLabel: field instanceof File ? { logoUrl: NEW_LOGO_URL } : null };
        return json(practice);
      },
    },
  });
  const app = renderApp({ path: '/settings/reports', user: sessionUser({ unitType: practice.unitType }), respond });
  const fetchWithForms = globalThis.fetch;
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init: RequestInit = {}) => {
    if (init.body instanceof FormData) sent.push(init.body.get('whiteLabel'));
    return fetchWithForms(input, init);
  });
  return { ...app, sent };
}

const toggle = () => screen.findByRole('switch', { name: WhiteLabelText.toggle });
// After a save, antd's loading icon (named "loading") may stay while its exit motion never ends in happy-dom.
const saveButton = () => screen.getByRole('button', { name: new RegExp(`${WhiteLabelText.save}$`) });
const fileInput = () => screen.getByLabelText(WhiteLabelText.fileInput);
const patches = (calls: RecordedCall[]) => calls.filter((call) => call.method === 'PATCH');

beforeEach(() => {
  vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:chosen-logo');
  vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
});

afterEach(() => {
  queryClient.clear();
  vi.restoreAllMocks();
});

describe('White Label Reports (ordering §2, §4, §5, §8)', () => {
  it('turned on without a file, Save Changes is disabled; a chosen PNG is previewed, saved, and "Saved Successfully" shows', async () => {
    const { user, calls, sent } = renderReports();
    expect(await screen.findByText(WhiteLabelText.futureReportsNote)).toBeTruthy();
    const enable = await toggle();
    expect(enable.getAttribute('aria-checked')).toBe('false');
    await user.click(enable);
    expect(saveButton().hasAttribute('disabled')).toBe(true);

    await user.upload(fileInput(), png('logo.png'));
    expect(await screen.findByRole('img', { name: WhiteLabelText.preview })).toBeTruthy();
    expect(screen.getByText('logo.png')).toBeTruthy();
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));

    await user.click(saveButton());
    expect(await screen.findByText(WhiteLabelText.saved)).toBeTruthy();
    expect(await screen.findByText(WhiteLabelToastText.success)).toBeTruthy();
    expect(patches(calls).map((call) => call.url)).toEqual(['/portalApi/Practices/WhiteLabel']);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toBeInstanceOf(File);
    // The practice is read again, and its new logo shown from its logoUrl.
    const current = await screen.findByRole('img', { name: WhiteLabelText.currentLogo });
    expect(current.getAttribute('src')).toBe(NEW_LOGO_URL);
    expect(saveButton().hasAttribute('disabled')).toBe(true);
  });

  it('a file over 2 MB and a non-image are refused with their texts, which clear when another file is chosen', async () => {
    const { user } = renderReports();
    await user.click(await toggle());
    await user.upload(fileInput(), png('huge.png', LOGO_MAX_BYTES + 1));
    expect((await screen.findByRole('alert')).textContent).toContain(WhiteLabelRuleText.tooLarge);
    expect(saveButton().hasAttribute('disabled')).toBe(true);

    await user.upload(fileInput(), png('not-an-image.png'));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(WhiteLabelRuleText.notImage));
    expect(screen.queryByText(WhiteLabelRuleText.tooLarge)).toBeNull();
    expect(screen.queryByRole('img', { name: WhiteLabelText.preview })).toBeNull();

    await user.upload(fileInput(), png('logo.png'));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
    await user.click(screen.getByRole('button', { name: WhiteLabelText.removeFile }));
    expect(screen.queryByText('logo.png')).toBeNull();
    expect(saveButton().hasAttribute('disabled')).toBe(true);
  });

  it('an image over 1382 × 1132 shows the warning and can still be saved', async () => {
    const { user, sent } = renderReports();
    await user.click(await toggle());
    await user.upload(fileInput(), png('wide.png'));
    expect(await screen.findByText(WhiteLabelRuleText.dimensionsWarning)).toBeTruthy();
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    await user.click(saveButton());
    expect(await screen.findByText(WhiteLabelText.saved)).toBeTruthy();
    expect(sent[0]).toBeInstanceOf(File);
  });

  it('with a logo the toggle starts on and shows it; turning it off and saving sends null', async () => {
    const { user, sent } = renderReports({ practice: practiceRecord({ whiteLabel: { logoUrl: LOGO_URL } }) });
    const enable = await toggle();
    expect(enable.getAttribute('aria-checked')).toBe('true');
    expect(screen.getByRole('img', { name: WhiteLabelText.currentLogo }).getAttribute('src')).toBe(LOGO_URL);
    expect(saveButton().hasAttribute('disabled')).toBe(true);
    await user.click(enable);
    expect(screen.queryByRole('img', { name: WhiteLabelText.currentLogo })).toBeNull();
    await user.click(saveButton());
    expect(await screen.findByText(WhiteLabelText.saved)).toBeTruthy();
    expect(sent).toEqual(['null']);
  });

  it('a refused save toasts the server’s message and keeps the file to try again', async () => {
    const refusal = 'Only JPG and PNG files are supported.';
    const { user } = renderReports({ refuse: refusal });
    await user.click(await toggle());
    await user.upload(fileInput(), png('logo.png'));
    await waitFor(() => expect(saveButton().hasAttribute('disabled')).toBe(false));
    await user.click(saveButton());
    expect(await screen.findByText(new RegExp(refusal))).toBeTruthy();
    expect(screen.queryByText(WhiteLabelText.saved)).toBeNull();
    expect(saveButton().hasAttribute('disabled')).toBe(false);
  });

  it('another unit type finds no such page at /settings/reports, and no tab for it (ordering §6)', async () => {
    renderReports({ practice: practiceRecord({ unitType: UnitType.CPS }) });
    expect(await screen.findByText(ErrorText.notFound)).toBeTruthy();
    expect(screen.queryByRole('switch', { name: WhiteLabelText.toggle })).toBeNull();
    expect(screen.queryByRole('tab', { name: WhiteLabelText.title })).toBeNull();
  });
});
