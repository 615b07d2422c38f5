import { EyeInvisibleOutlined, EyeOutlined, LoadingOutlined } from '@ant-design/icons';
import { useSelector } from '@xstate/react';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { createContext, useContext, useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { themeMachine } from '../../machines/shell/theme.machine';
import { selectResolvedTheme } from '../../machines/shell/theme.selectors';
import { motionPreference } from '../../services/shell/theme-store';
import './shell.css';

export type ThemeActor = ActorRefFrom<typeof themeMachine>;

const ThemeContext = createContext<ThemeActor | null>(null);

export function useThemeActor(): ThemeActor {
  const actor = useContext(ThemeContext);
  if (!actor) throw new Error('useThemeActor needs a ThemeProvider above it.');
  return actor;
}

export function useResolvedTheme(): 'light' | 'dark' {
  return useSelector(useThemeActor(), selectResolvedTheme);
}

/** The class a view gives antd Result's icon (its illustration) to have it painted in the theme's colours. */
export const ILLUSTRATION_CLASS = 'portal-illustration';

/**
 * antd draws its exception illustrations (404, 403) in fixed light colours, which glare on a dark page. In
 * dark their white and pale blue take the theme's surfaces, so they sit on the page as they do in light;
 * the figure keeps its own colours. CSS outranks the SVG's fill attributes, so no copy of the drawing is kept.
 */
export function IllustrationColours() {
  const { token } = antdTheme.useToken();
  if (useResolvedTheme() !== 'dark') return null;
  const paint = (drawn: string, colour: string) =>
    `.${ILLUSTRATION_CLASS} [fill="${drawn}"]{fill:${colour}}.${ILLUSTRATION_CLASS} [stroke="${drawn}"]{stroke:${colour}}`;
  return <style>{paint('#FFF', token.colorBgContainer) + paint('#E4EBF7', token.colorBgElevated)}</style>;
}

/**
 * antd styles its own components only; plain elements inherit from the body, whose browser default is a
 * serif font in black. The body takes the theme's font and text colour, as antd's App would give its
 * subtree, without App's modal and message code in the first load.
 */
function BodyTypography() {
  const { token } = antdTheme.useToken();
  useLayoutEffect(() => {
    const { style } = document.body;
    style.fontFamily = token.fontFamily;
    style.color = token.colorText;
    return () => {
      style.fontFamily = '';
      style.color = '';
    };
  }, [token.fontFamily, token.colorText]);
  return null;
}

/**
 * antd's default colours fall short of WCAG AA contrast (4.5:1 for text): its blue links, tabs, menu and
 * button text reach 4.1:1 in light and 2.5:1 in dark, its error red 3.3:1, its description grey 3.4:1. These
 * are antd's own palette shades that reach it, checked by axe in tests/e2e/accessibility.spec.ts.
 *
 * Light is dark text on white, so one darker blue serves as fill and as text. In dark the two cannot be one
 * colour: white text needs a deep blue fill, blue text on the near-black page needs a pale blue. The fill
 * keeps antd's dark primary (white on it 5.2:1) and the places that write in the primary colour (selected
 * menu item and tab, selected dropdown item, default button on hover) take the pale `accentText`.
 */
const PALETTES: Record<'light' | 'dark', { token: ThemeConfig['token']; accentText: string }> = {
  light: {
    token: {
      colorPrimary: '#0958d9',
      colorPrimaryHover: '#003eb3',
      colorPrimaryActive: '#002c8c',
      colorLink: '#0958d9',
      colorLinkHover: '#003eb3',
      colorLinkActive: '#002c8c',
      colorError: '#cf1322',
      colorSuccessText: '#237804',
      colorTextDescription: 'rgba(0, 0, 0, 0.65)',
    },
    accentText: '#003eb3',
  },
  dark: {
    token: {
      // antd's own dark hover is lighter than its primary, and white on it falls to 3.5:1; a deeper shade keeps 7:1.
      colorPrimaryHover: '#1554ad',
      colorPrimaryActive: '#15417e',
      colorLink: '#69b1ff',
      colorLinkHover: '#8dc5f8',
      colorLinkActive: '#3c89e8',
      colorError: '#ff7875',
      // antd's dark description grey (white at 45 %) reaches 4.4:1 on the black page, short of 4.5:1.
      colorTextDescription: 'rgba(255, 255, 255, 0.65)',
    },
    accentText: '#8dc5f8',
  },
};

/**
 * A build brings antd's component CSS as files, made unhashed at build time (scripts/build/antd-static-styles.ts),
 * so antd skips writing it on each component's first render; it still writes the theme's values as CSS variables.
 */
const STATIC_STYLES = typeof __ANTD_STATIC_STYLES__ === 'boolean' && __ANTD_STATIC_STYLES__;
const STYLE_MODE: Pick<ThemeConfig, 'zeroRuntime' | 'hashed'> = STATIC_STYLES ? { zeroRuntime: true, hashed: false } : {};

/** The theme's accent for text in the primary colour (a selected tab, the menu's selected item). */
export function useAccentText(): string {
  return PALETTES[useResolvedTheme()].accentText;
}

/** `reducedMotion`: the system asks for less motion, so antd opens, closes and fades without animating. */
function buildThemeConfig(resolved: 'light' | 'dark', reducedMotion: boolean): ThemeConfig {
  const { token, accentText } = PALETTES[resolved];
  return {
    ...STYLE_MODE,
    algorithm: resolved === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: reducedMotion ? { ...token, motion: false } : token,
    components: {
      Menu: { itemSelectedColor: accentText },
      Tabs: { itemSelectedColor: accentText, itemActiveColor: accentText, itemHoverColor: accentText },
      // The dropdown has no token of its own for its selected item's text: it reads colorPrimary.
      Dropdown: { colorPrimary: accentText },
      Button: {
        defaultHoverColor: accentText,
        defaultHoverBorderColor: accentText,
        defaultActiveColor: accentText,
        defaultActiveBorderColor: accentText,
      },
    },
  };
}

// Built once: a fresh object on each render would have antd recompute every token.
const THEME_CONFIGS = {
  light: { motion: buildThemeConfig('light', false), still: buildThemeConfig('light', true) },
  dark: { motion: buildThemeConfig('dark', false), still: buildThemeConfig('dark', true) },
};

/**
 * antd's own loading icon grows and shrinks with a CSS transition and leaves the page only when that transition
 * ends. A save answered within a frame or two (a refused one, say) gives it no width to shrink from: no
 * transition runs, no end comes, and the invisible icon stays, so the button's name reads "loading Save" to a
 * screen reader long after the save. A loading icon of our own is shown and removed with the state, nothing else.
 */
const buttonConfig = { loadingIcon: <LoadingOutlined /> };

/**
 * antd's show-password toggle is as small as its 14 px icon and sits 4 px from the field, short of WCAG 2.2's
 * 24 px target (2.5.8). The icon keeps its look inside a 24 px box; the box overlaps the field's padding by a
 * pixel each way so the password field stays as tall as the others.
 */
const passwordToggle = { iconRender: (visible: boolean) => <PasswordToggleIcon visible={visible} /> };

function PasswordToggleIcon({ visible }: { visible: boolean }) {
  return <span className="shell-password-toggle">{visible ? <EyeOutlined /> : <EyeInvisibleOutlined />}</span>;
}

/**
 * antd's ConfigProvider follows the same resolved theme as the class on the document root, and the system's
 * wish for reduced motion.
 */
export function ThemeProvider({ actor, children }: { actor: ThemeActor; children: ReactNode }) {
  const resolved = useSelector(actor, selectResolvedTheme);
  const reducedMotion = useSyncExternalStore(motionPreference.subscribe, motionPreference.reduced);
  return (
    <ThemeContext.Provider value={actor}>
      <ConfigProvider
        theme={THEME_CONFIGS[resolved][reducedMotion ? 'still' : 'motion']}
        inputPassword={passwordToggle}
        button={buttonConfig}
      >
        <BodyTypography />
        {children}
      </ConfigProvider>
    </ThemeContext.Provider>
  );
}
