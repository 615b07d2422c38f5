import { EyeInvisibleOutlined, EyeOutlined, LoadingOutlined } from '@ant-design/icons';
import { useSelector } from '@xstate/react';
import { ConfigProvider, theme as antdTheme, type ThemeConfig } from 'antd';
import { createContext, useContext, useDeferredValue, useLayoutEffect, useSyncExternalStore, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { themeMachine } from '../../machines/shell/theme.machine';
import { selectResolvedTheme } from '../../machines/shell/theme.selectors';
import { documentColourScheme, motionPreference } from '../../services/shell/theme-store';
import { accentText, themeConfig } from './theme-config';
import './shell.css';

export type ThemeActor = ActorRefFrom<typeof themeMachine>;

const ThemeContext = createContext<ThemeActor | null>(null);

export function useThemeActor(): ThemeActor {
  const actor = useContext(ThemeContext);
  if (!actor) throw new Error('useThemeActor needs a ThemeProvider above it.');
  return actor;
}

/** The theme the page is drawn in: the one antd's components have (see ThemeProvider), so the page's parts agree. */
const ResolvedThemeContext = createContext<'light' | 'dark' | null>(null);

export function useResolvedTheme(): 'light' | 'dark' {
  const resolved = useContext(ResolvedThemeContext);
  if (!resolved) throw new Error('useResolvedTheme needs a ThemeProvider above it.');
  return resolved;
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

/** The browser's own parts (scroll bars, form controls) in the theme antd's components are drawn in. */
function ColourScheme() {
  const resolved = useResolvedTheme();
  useLayoutEffect(() => documentColourScheme(resolved), [resolved]);
  return null;
}

/**
 * A build brings antd's component CSS as files, made unhashed at build time (scripts/build/antd-static-styles.ts),
 * so antd skips writing it on each component's first render; the components' CSS variables for each theme come in
 * the same files (scripts/build/antd-static-vars.ts), and antd writes only the theme's shared variables.
 */
const STATIC_STYLES = typeof __ANTD_STATIC_STYLES__ === 'boolean' && __ANTD_STATIC_STYLES__;
const STYLE_MODE: Pick<ThemeConfig, 'zeroRuntime' | 'hashed'> = STATIC_STYLES ? { zeroRuntime: true, hashed: false } : {};

/** The theme's accent for text in the primary colour (a selected tab, the menu's selected item). */
export function useAccentText(): string {
  return accentText(useResolvedTheme());
}

// Built once: a fresh object on each render would have antd recompute every token.
const THEME_CONFIGS = {
  light: { motion: { ...STYLE_MODE, ...themeConfig('light', false) }, still: { ...STYLE_MODE, ...themeConfig('light', true) } },
  dark: { motion: { ...STYLE_MODE, ...themeConfig('dark', false) }, still: { ...STYLE_MODE, ...themeConfig('dark', true) } },
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
 *
 * A new theme reaches the components as a deferred value: every antd component renders again for it (each carries
 * its theme's class), about 250 ms at 4× CPU, and rendered at once that kept the menu that chose it on screen until
 * all of it was done. Deferred, the click's own frame shows the menu closing, and React renders the theme in the
 * background, yielding to the browser between components.
 */
export function ThemeProvider({ actor, children }: { actor: ThemeActor; children: ReactNode }) {
  const resolved = useDeferredValue(useSelector(actor, selectResolvedTheme));
  const reducedMotion = useSyncExternalStore(motionPreference.subscribe, motionPreference.reduced);
  return (
    <ThemeContext.Provider value={actor}>
      <ResolvedThemeContext.Provider value={resolved}>
        <ConfigProvider
          theme={THEME_CONFIGS[resolved][reducedMotion ? 'still' : 'motion']}
          inputPassword={passwordToggle}
          button={buttonConfig}
        >
          <BodyTypography />
          <ColourScheme />
          {children}
        </ConfigProvider>
      </ResolvedThemeContext.Provider>
    </ThemeContext.Provider>
  );
}
