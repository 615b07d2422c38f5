import { theme as antdTheme, type ThemeConfig } from 'antd';

/**
 * The portal's antd theme, light and dark, with and without motion: plain data and antd's algorithms only, so that
 * the build reads the same four themes when it writes the components' CSS variables (scripts/build/antd-static-vars.ts).
 */

export type ResolvedTheme = 'light' | 'dark';

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
const PALETTES: Record<ResolvedTheme, { token: ThemeConfig['token']; accentText: string }> = {
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

/** The theme's accent for text in the primary colour (a selected tab, the menu's selected item). */
export const accentText = (resolved: ResolvedTheme): string => PALETTES[resolved].accentText;

/**
 * The class antd scopes a theme's CSS variables with, one per theme: fixed rather than antd's per-mount id, so that
 * the build can write each component's variables for each theme ahead of time under the class antd will use.
 */
export const cssVarKey = (resolved: ResolvedTheme, reducedMotion: boolean): string => `css-var-${resolved}${reducedMotion ? '-still' : ''}`;

/** The four themes the portal can be in: each resolved theme, moving or (as the system asks) still. */
export const THEME_VARIANTS: readonly { readonly resolved: ResolvedTheme; readonly reducedMotion: boolean }[] = [
  { resolved: 'light', reducedMotion: false },
  { resolved: 'light', reducedMotion: true },
  { resolved: 'dark', reducedMotion: false },
  { resolved: 'dark', reducedMotion: true },
];

/** `reducedMotion`: the system asks for less motion, so antd opens, closes and fades without animating. */
export function themeConfig(resolved: ResolvedTheme, reducedMotion: boolean): ThemeConfig {
  const { token, accentText } = PALETTES[resolved];
  return {
    cssVar: { key: cssVarKey(resolved, reducedMotion) },
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
