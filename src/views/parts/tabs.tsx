import { theme } from 'antd';
import { useId, useMemo, useRef, useState, type CSSProperties, type KeyboardEvent, type ReactNode } from 'react';
import { useAccentText } from '../shell/theme';
import './tabs.css';

export interface TabItem {
  readonly key: string;
  readonly label: ReactNode;
  /** The tab's panel; without it the tab list only chooses (the settings' tabs are routes). */
  readonly children?: ReactNode;
  /** Called as the pointer reaches the tab, so that a panel's code can start loading before the click. */
  readonly onIntent?: () => void;
}

interface TabsProps {
  readonly items: readonly TabItem[];
  /** The chosen tab when the owner keeps it (a route); otherwise the tabs keep their own, starting on the first. */
  readonly activeKey?: string | undefined;
  readonly onChange?: (key: string) => void;
  /** Stacked, the titles one under another: five settings tabs do not fit across a phone. */
  readonly vertical?: boolean;
}

const NEXT: Readonly<Record<string, number>> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * The portal's tabs, with antd's Tabs look and the WAI-ARIA tabs pattern: the list is one tab stop, the arrow keys
 * (and Home, End) move between the titles, and Enter or Space opens one. A panel stays mounted once shown, hidden
 * while another is chosen, so that what was typed in it survives a look at another tab, as with antd's Tabs.
 */
export function Tabs({ items, activeKey, onChange, vertical = false }: TabsProps) {
  const { token } = theme.useToken();
  const accent = useAccentText();
  const [ownKey, setOwnKey] = useState(items[0]?.key);
  const active = activeKey ?? ownKey;
  const [focusKey, setFocusKey] = useState<string | undefined>(undefined);
  const [shown, setShown] = useState<ReadonlySet<string>>(() => new Set());
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const id = useId();
  const panelled = items.some((item) => item.children !== undefined);
  const stop = focusKey !== undefined && items.some((item) => item.key === focusKey) ? focusKey : active;
  if (panelled && active !== undefined && !shown.has(active)) setShown(new Set(shown).add(active));

  const style = useMemo(
    () =>
      ({
        '--pt-text': token.colorText,
        '--pt-accent': accent,
        '--pt-ink': token.colorPrimary,
        '--pt-border': token.colorBorderSecondary,
        '--pt-focus': token.colorPrimaryBorder,
        '--pt-font-size': `${token.fontSize}px`,
        '--pt-line-height': String(token.lineHeight),
        '--pt-radius': `${token.borderRadiusSM}px`,
        '--pt-motion': token.motionDurationSlow,
      }) as CSSProperties,
    [token, accent],
  );

  const choose = (key: string) => {
    setOwnKey(key);
    if (key !== active) onChange?.(key);
  };

  const move = (event: KeyboardEvent, from: string) => {
    const index = items.findIndex((item) => item.key === from);
    const step = NEXT[event.key];
    const target =
      event.key === 'Home'
        ? items[0]
        : event.key === 'End'
          ? items.at(-1)
          : step === undefined
            ? undefined
            : items[(index + step + items.length) % items.length];
    if (!target) return;
    event.preventDefault();
    setFocusKey(target.key);
    buttons.current.get(target.key)?.focus();
  };

  return (
    <div className={vertical ? 'pt-tabs pt-vertical' : 'pt-tabs'} style={style}>
      <div role="tablist" aria-orientation={vertical ? 'vertical' : 'horizontal'} className="pt-list">
        {items.map((item) => (
          <button
            key={item.key}
            ref={(button) => {
              if (button) buttons.current.set(item.key, button);
              else buttons.current.delete(item.key);
            }}
            type="button"
            role="tab"
            id={`${id}-tab-${item.key}`}
            className="pt-tab"
            aria-selected={item.key === active}
            aria-controls={item.children === undefined ? undefined : `${id}-panel-${item.key}`}
            tabIndex={item.key === stop ? 0 : -1}
            onClick={() => choose(item.key)}
            onKeyDown={(event) => move(event, item.key)}
            onFocus={() => setFocusKey(item.key)}
            onBlur={() => setFocusKey(undefined)}
            onPointerEnter={item.onIntent}
          >
            {item.label}
          </button>
        ))}
      </div>
      {items
        .filter((item) => item.children !== undefined && shown.has(item.key))
        .map((item) => (
          <div
            key={item.key}
            role="tabpanel"
            id={`${id}-panel-${item.key}`}
            aria-labelledby={`${id}-tab-${item.key}`}
            className="pt-panel"
            hidden={item.key !== active}
          >
            {item.children}
          </div>
        ))}
    </div>
  );
}
