import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState, type ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { createActor } from 'xstate';
import { themeMachine } from '../../src/machines/shell/theme.machine';
import { Tabs } from '../../src/views/parts/tabs';
import { ThemeProvider } from '../../src/views/shell/theme';

function ThemeWrapper({ children }: { children: ReactNode }) {
  const [theme] = useState(() => createActor(themeMachine, { input: { stored: 'light', fallback: 'system', systemDark: false } }).start());
  return <ThemeProvider actor={theme}>{children}</ThemeProvider>;
}

const renderWithTheme = (ui: ReactNode) => render(ui, { wrapper: ThemeWrapper });

const items = [
  { key: 'profile', label: 'Profile', children: <input aria-label="First name" /> },
  { key: 'security', label: 'Security', children: <p>Change your password</p> },
  { key: 'privacy', label: 'Data & Privacy', children: <p>Your consents</p> },
];

describe("the portal's tabs", () => {
  it('open on the first tab, with its panel named by it', () => {
    renderWithTheme(<Tabs items={items} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual(['Profile', 'Security', 'Data & Privacy']);
    const profile = screen.getByRole('tab', { name: 'Profile', selected: true });
    expect(screen.getByRole('tabpanel', { name: 'Profile' }).id).toBe(profile.getAttribute('aria-controls'));
    expect(screen.queryByText('Change your password')).toBeNull();
  });

  it('are one tab stop; the arrow keys, Home and End move between titles, and Enter opens one', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Tabs items={items} />);
    expect(screen.getAllByRole('tab').map((tab) => tab.tabIndex)).toEqual([0, -1, -1]);
    await user.tab();
    expect(screen.getByRole('tab', { name: 'Profile' })).toBe(document.activeElement);
    await user.keyboard('{ArrowRight}{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Data & Privacy' })).toBe(document.activeElement);
    expect(screen.getByRole('tab', { name: 'Profile', selected: true })).toBeTruthy();
    await user.keyboard('{ArrowRight}');
    expect(screen.getByRole('tab', { name: 'Profile' })).toBe(document.activeElement);
    await user.keyboard('{End}');
    expect(screen.getByRole('tab', { name: 'Data & Privacy' })).toBe(document.activeElement);
    await user.keyboard('{Home}{ArrowLeft}');
    expect(screen.getByRole('tab', { name: 'Data & Privacy' })).toBe(document.activeElement);
    await user.keyboard('{Enter}');
    expect(screen.getByRole('tab', { name: 'Data & Privacy', selected: true })).toBeTruthy();
    expect(screen.getByRole('tabpanel', { name: 'Data & Privacy' }).textContent).toBe('Your consents');
  });

  it('keep a shown panel, and what was typed in it, while another tab is open', async () => {
    const user = userEvent.setup();
    renderWithTheme(<Tabs items={items} />);
    await user.type(screen.getByLabelText('First name'), 'Ada');
    await user.click(screen.getByRole('tab', { name: 'Security' }));
    expect(screen.getByRole('tabpanel', { name: 'Security' })).toBeTruthy();
    expect(screen.queryByRole('tabpanel', { name: 'Profile' })).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Profile' }));
    expect(screen.getByLabelText<HTMLInputElement>('First name').value).toBe('Ada');
  });

  it('follow the owner when it keeps the choice (a route), and say which tab was asked for', async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    function Routed() {
      const [key, setKey] = useState('/settings/practice');
      return (
        <Tabs
          activeKey={key}
          onChange={(next) => {
            asked.push(next);
            setKey(next);
          }}
          items={[
            { key: '/settings/practice', label: 'Practice' },
            { key: '/settings/team', label: 'Team' },
          ]}
        />
      );
    }
    renderWithTheme(<Routed />);
    expect(screen.queryByRole('tabpanel')).toBeNull();
    expect(screen.getByRole('tab', { name: 'Practice' }).getAttribute('aria-controls')).toBeNull();
    await user.click(screen.getByRole('tab', { name: 'Team' }));
    await user.click(screen.getByRole('tab', { name: 'Team' }));
    expect(asked).toEqual(['/settings/team']);
    expect(screen.getByRole('tab', { name: 'Team', selected: true })).toBeTruthy();
  });

  it("tell a tab's owner when the pointer reaches it, before any click", () => {
    const intent = vi.fn();
    renderWithTheme(<Tabs items={[...items.slice(0, 1), { ...items[1]!, onIntent: intent }]} />);
    fireEvent.pointerEnter(screen.getByRole('tab', { name: 'Security' }));
    expect(intent).toHaveBeenCalledTimes(1);
  });

  it('stand stacked when asked', () => {
    const { container } = render(<Tabs items={items} vertical />, { wrapper: ThemeWrapper });
    expect(screen.getByRole('tablist').getAttribute('aria-orientation')).toBe('vertical');
    expect(container.querySelector('.pt-vertical')).not.toBeNull();
  });
});
