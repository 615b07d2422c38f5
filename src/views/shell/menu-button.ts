import { useDeferredValue, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The shell's dropdown menus (theme, practice switcher) as WAI-ARIA menu buttons: Enter, Space or ArrowDown on
 * the button opens the menu with its first item focused (antd's Menu then moves with the arrows), and focus
 * comes back to the button after a choice or Escape, where antd would leave it on a hidden item.
 *
 * Opening is shown in two steps. The click's own frame shows the button pressed (`aria-expanded`, drawn by the
 * `shell-menu-button` rule in shell.css); antd's Dropdown and Menu, about 100–150 ms of rendering on a slow phone,
 * mount just after in a background render. Closing is immediate.
 */
export function useMenuButton(initiallyOpen = false) {
  const [open, setOpen] = useState(initiallyOpen);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  // Mounted with `initiallyOpen`, the deferred value starts open too: such a menu shows at once.
  const shown = useDeferredValue(open) && open;
  const focusIsIn = (element: Element | null) => element !== null && element.contains(document.activeElement);

  const onOpenChange = (next: boolean) => {
    setOpen(next);
    const menu = document.getElementById(menuId);
    // Closed by a click elsewhere or a Tab onwards: focus already went where the user sent it.
    if (next || !focusIsIn(menu)) return;
    // After the key's own events: an Enter still travelling would otherwise press the button and reopen the menu.
    setTimeout(() => {
      const active = document.activeElement;
      if (active === null || active === document.body || focusIsIn(menu)) button.current?.focus();
    });
  };

  // A menu opened again while the last one was still leaving is reused, and antd's autoFocus does not run again:
  // the menu showed with focus left on the button (seen once in CI after Escape, then Space).
  useEffect(() => {
    if (!shown) return;
    const frame = requestAnimationFrame(() => {
      const menu = document.getElementById(menuId);
      if (menu && !focusIsIn(menu)) menu.querySelector<HTMLElement>('[role="menuitem"]')?.focus();
    });
    return () => cancelAnimationFrame(frame);
  }, [shown, menuId]);

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowDown') return;
    // The page would scroll instead.
    event.preventDefault();
    setOpen(true);
  };

  return {
    // A fresh menu each time, so it opens on its first item rather than on the one last hovered or left.
    dropdown: { open: shown, onOpenChange, autoFocus: true, destroyOnHidden: true },
    menu: { id: menuId },
    button: { ref: button, onKeyDown, 'aria-haspopup': 'menu', 'aria-expanded': open, 'aria-controls': shown ? menuId : undefined },
  } as const;
}
