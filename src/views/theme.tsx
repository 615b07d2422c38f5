import { useSelector } from '@xstate/react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { createContext, useContext, useLayoutEffect, type ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import type { themeMachine } from '../machines/theme.machine';
import { selectResolvedTheme } from '../machines/theme.selectors';

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

/** antd's ConfigProvider follows the same resolved theme as the class on the document root. */
export function ThemeProvider({ actor, children }: { actor: ThemeActor; children: ReactNode }) {
  const resolved = useSelector(actor, selectResolvedTheme);
  return (
    <ThemeContext.Provider value={actor}>
      <ConfigProvider theme={{ algorithm: resolved === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm }}>
        <BodyTypography />
        {children}
      </ConfigProvider>
    </ThemeContext.Provider>
  );
}
