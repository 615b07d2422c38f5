import { describe, expect, it } from 'vitest';
import { safeReturnPath } from '../../src/model/shell/navigation';
import { OPEN_REDIRECT_VECTORS } from '../support/fixtures/open-redirect-vectors';

/** Issue 13, item 2: every vector of the corpus leads to a path inside the portal, whatever a browser makes of it. */

const PORTAL = 'https://portal.diagnostics-lab.example';

/** Where a browser goes for this path on the portal's page: it must be the portal's own origin. */
function insidePortal(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !path.includes('\\') && new URL(path, PORTAL).origin === PORTAL;
}

describe('the return path after sign-in (?redirect=)', () => {
  it('has a corpus of at least 20 vectors', () => {
    expect(OPEN_REDIRECT_VECTORS.length).toBeGreaterThanOrEqual(20);
  });

  it.each(OPEN_REDIRECT_VECTORS)('%s lands inside the portal', (vector) => {
    const raw = new URLSearchParams(`redirect=${vector}`).get('redirect');
    const path = safeReturnPath(raw);
    expect(insidePortal(path)).toBe(true);
    expect(path).not.toMatch(/evil|javascript|vbscript|data:/i);
  });

  it.each([
    ['/orders/42?tab=items#top', '/orders/42?tab=items#top'],
    ['/kits/KT-1', '/kits/KT-1'],
    ['/kits/./KT-1', '/kits/KT-1'],
  ])('still follows the portal’s own path %s', (raw, expected) => {
    expect(safeReturnPath(raw)).toBe(expected);
  });
});
