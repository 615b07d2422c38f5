import { act, render, screen } from '@testing-library/react';
import { Button, theme as antdTheme } from 'antd';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { themeMachine } from '../../src/machines/shell/theme.machine';
import { ThemeProvider } from '../../src/views/shell/theme';

/** The theme's motion: a loading button names itself by its text once loading ends, and "reduce motion" is heard. */

const themeActor = () => createActor(themeMachine, { input: { stored: 'light', fallback: 'system', systemDark: false } }).start();

/** A `matchMedia` whose reduced-motion answer a test sets and changes, telling its listeners as a browser does. */
function stubReducedMotion(initially: boolean) {
  let reduced = initially;
  const listeners = new Set<() => void>();
  vi.stubGlobal('matchMedia', (query: string) => ({
    get matches() {
      return query === '(prefers-reduced-motion: reduce)' && reduced;
    },
    media: query,
    addEventListener: (_type: 'change', listener: () => void) => listeners.add(listener),
    removeEventListener: (_type: 'change', listener: () => void) => listeners.delete(listener),
  }));
  return {
    change(next: boolean) {
      reduced = next;
      listeners.forEach((listener) => listener());
    },
    listeners,
  };
}

function Motion() {
  const { token } = antdTheme.useToken();
  return <output aria-label="motion">{token.motion ? 'on' : 'off'}</output>;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('a loading button', () => {
  it('is named by its text again as soon as loading ends, however quickly (no loading icon left behind)', () => {
    const theme = themeActor();
    const view = (loading: boolean) => (
      <ThemeProvider actor={theme}>
        <Button type="primary" loading={loading}>
          Save
        </Button>
      </ThemeProvider>
    );
    const { rerender } = render(view(false));
    rerender(view(true));
    expect(screen.getByRole('button', { name: 'loading Save' })).toBeTruthy();
    rerender(view(false));
    expect(screen.getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(screen.queryByRole('img', { name: 'loading' })).toBeNull();
  });
});

describe('reduced motion', () => {
  it('antd animates by default and stops animating while the system asks for reduced motion', () => {
    const media = stubReducedMotion(false);
    const { unmount } = render(
      <ThemeProvider actor={themeActor()}>
        <Motion />
      </ThemeProvider>,
    );
    expect(screen.getByRole('status', { name: 'motion' }).textContent).toBe('on');
    act(() => media.change(true));
    expect(screen.getByRole('status', { name: 'motion' }).textContent).toBe('off');
    act(() => media.change(false));
    expect(screen.getByRole('status', { name: 'motion' }).textContent).toBe('on');
    unmount();
    expect(media.listeners.size).toBe(0);
  });

  it('a page opened with reduced motion asked for never animates', () => {
    stubReducedMotion(true);
    render(
      <ThemeProvider actor={themeActor()}>
        <Motion />
      </ThemeProvider>,
    );
    expect(screen.getByRole('status', { name: 'motion' }).textContent).toBe('off');
  });
});
