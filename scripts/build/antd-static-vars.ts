import { renderAllComponents } from './antd-extract';
import { cssVarKey, themeConfig, THEME_VARIANTS } from '../../src/views/shell/theme-config';

/**
 * antd's components' CSS variables, written at build time. In CSS-variable mode every component type, on its first
 * render, computes its tokens from the theme, turns them into custom properties (`--ant-button-…`), hashes them and
 * inserts a `<style>` scoped to the theme's class. At 4× CPU that made the first opening of a menu or a select
 * about a quarter slower (issue 45, docs/performance.md); page loads measured the same either way. The portal has four
 * themes (light and dark, moving and still, src/views/shell/theme-config.ts), each with a fixed class, so the build
 * renders every component once per theme with static-style-extract, as antd's own tools do, and keeps what antd would
 * have inserted, exactly. Declarations that the four themes share are written once for all four classes.
 *
 * What stays at runtime: the theme's shared variables (`--ant-color-primary`…), one style per theme.
 */

/** One component scope's variables: the selector each theme's class makes, and its declarations in order. */
interface ScopedVars {
  readonly selector: string;
  readonly declarations: readonly (readonly [string, string])[];
}

const RULE = /^([^{]+)\{(.*)\}$/s;

/** `sel{--a:1;--b:2;}` → its selector and declarations (antd writes custom properties only, one per token). */
export function parseRule(css: string): ScopedVars {
  const found = RULE.exec(css.trim());
  if (!found) throw new Error(`antd-static-vars: not one CSS rule: ${css.slice(0, 80)}`);
  const declarations = (found[2] ?? '')
    .split(';')
    .filter((part) => part.trim() !== '')
    .map((part): readonly [string, string] => {
      const colon = part.indexOf(':');
      if (colon < 0) throw new Error(`antd-static-vars: not a declaration: ${part}`);
      return [part.slice(0, colon), part.slice(colon + 1)];
    });
  return { selector: (found[1] ?? '').trim(), declarations };
}

/**
 * One component scope's rules for every theme, each declaration written once for all the themes that declare it
 * alike: what the four share under all four selectors, what light and its still twin share under those two, and so on.
 */
export function mergeThemes(themes: readonly ScopedVars[]): string {
  // Declaration → the themes (their indexes, as a key) that declare it so; in the order first seen.
  const groups = new Map<string, string[]>();
  const seen = new Set<string>();
  themes.forEach((theme) => {
    for (const [name, value] of theme.declarations) {
      const declaration = `${name}:${value};`;
      if (seen.has(declaration)) continue;
      seen.add(declaration);
      const holders = themes
        .map((other, index) => (other.declarations.some(([n, v]) => n === name && v === value) ? index : -1))
        .filter((index) => index >= 0)
        .join(',');
      groups.set(holders, [...(groups.get(holders) ?? []), declaration]);
    }
  });
  return [...groups]
    .map(([holders, declarations]) => {
      const selectors = holders.split(',').map((index) => themes[Number(index)]?.selector);
      return `${selectors.join(',')}{${declarations.join('')}}`;
    })
    .join('');
}

/**
 * Every component's CSS variables for the portal's four themes, by component name (`Button`), as antd would insert
 * them at runtime. A component with tokens in one theme must have them in every theme, or a page would lose its
 * look on switching: that stops the build.
 */
export function extractComponentVars(): Map<string, string> {
  // Component and scope → each theme's variables, in THEME_VARIANTS' order.
  const scopes = new Map<string, { component: string; themes: ScopedVars[] }>();
  THEME_VARIANTS.forEach(({ resolved, reducedMotion }, index) => {
    const cache = renderAllComponents({ ...themeConfig(resolved, reducedMotion), hashed: false });
    const themeClass = cssVarKey(resolved, reducedMotion);
    for (const [key, [, value]] of cache.cache) {
      // `cssVar%<component>%<theme class>%<scope>%<token hash>`: the components' variables (the theme's own are
      // `token%…`). static-style-extract renders a few components inside ConfigProviders of its own, whose classes
      // are made per mount; those are not the portal's themes.
      const [kind, component, keyClass, scope] = key.split('%');
      if (
        kind !== 'cssVar' ||
        keyClass !== themeClass ||
        !component ||
        !Array.isArray(value) ||
        typeof value[1] !== 'string' ||
        value[1] === ''
      )
        continue;
      const id = `${component}%${scope ?? ''}`;
      const entry = scopes.get(id) ?? { component, themes: [] };
      if (entry.themes.length !== index)
        throw new Error(`antd-static-vars: ${component} (${scope}) has no variables in every theme before this one`);
      entry.themes.push(parseRule(value[1]));
      scopes.set(id, entry);
    }
  });
  const byComponent = new Map<string, string>();
  for (const [id, { component, themes }] of scopes) {
    if (themes.length !== THEME_VARIANTS.length) throw new Error(`antd-static-vars: ${id} has variables in only some themes`);
    byComponent.set(component, (byComponent.get(component) ?? '') + mergeThemes(themes));
  }
  return byComponent;
}
