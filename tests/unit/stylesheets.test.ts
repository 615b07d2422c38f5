// @vitest-environment happy-dom
import { afterEach, describe, expect, it } from 'vitest';
import { applyPreloadedStylesheets } from '../../src/services/platform/stylesheets';

afterEach(() => {
  document.head.replaceChildren();
});

function preload(href: string) {
  const link = document.createElement('link');
  link.rel = 'preload';
  link.as = 'style';
  link.crossOrigin = '';
  link.href = href;
  document.head.append(link);
}

const sheets = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]')];

describe('the preloaded stylesheets (index.html)', () => {
  it('are applied, and the app waits until each has loaded or failed', async () => {
    preload('/assets/antd-core-1.css');
    preload('/assets/antd-grid-1.css');
    let settled = false;
    const applied = applyPreloadedStylesheets().then(() => {
      settled = true;
    });
    expect(sheets().map((sheet) => new URL(sheet.href).pathname)).toEqual(['/assets/antd-core-1.css', '/assets/antd-grid-1.css']);
    expect(sheets().every((sheet) => sheet.crossOrigin === 'anonymous' || sheet.crossOrigin === '')).toBe(true);
    sheets()[0]?.dispatchEvent(new Event('load'));
    await Promise.resolve();
    expect(settled).toBe(false);
    // A sheet that fails to load does not keep the app from starting.
    sheets()[1]?.dispatchEvent(new Event('error'));
    await applied;
    expect(settled).toBe(true);
  });

  it('without any, the app starts at once', async () => {
    await expect(applyPreloadedStylesheets()).resolves.toBeUndefined();
    expect(sheets()).toEqual([]);
  });
});
