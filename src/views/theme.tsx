import { useSelector } from '@xstate/react';
import { ConfigProvider, theme as antdTheme } from 'antd';
import { createContext, useContext, type ReactNode } from 'react';
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

/** antd's ConfigProvider follows the same resolved theme as the class on the document root. */
export function ThemeProvider({ actor, children }: { actor: ThemeActor; children: ReactNode }) {
  const resolved = useSelector(actor, selectResolvedTheme);
  return (
    <ThemeContext.Provider value={actor}>
      <ConfigProvider theme={{ algorithm: resolved === 'dark' ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm }}>
        {children}
      </ConfigProvider>
    </ThemeContext.Provider>
  );
}
