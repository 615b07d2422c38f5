import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { styleHookModules, varsModule } from '../../scripts/build/antd-static-styles';
import { extractComponentVars, mergeThemes, parseRule } from '../../scripts/build/antd-static-vars';
import { accentText, cssVarKey, THEME_VARIANTS } from '../../src/views/shell/theme-config';

/** Issue 45: each component's CSS variables for the portal's four themes are written at build time, as antd would. */

const vars = extractComponentVars();
const antdEs = join(dirname(createRequire(import.meta.url).resolve('antd/package.json')), 'es');
const modules = styleHookModules(antdEs);
const classes = THEME_VARIANTS.map(({ resolved, reducedMotion }) => cssVarKey(resolved, reducedMotion));

/** The declarations a theme's class gets for a component scope, from the merged rules. */
function declared(css: string, selector: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const [, selectors = '', body = ''] of css.matchAll(/([^{}]+)\{([^}]*)\}/g)) {
    if (!selectors.split(',').some((one) => one.trim() === selector)) continue;
    for (const { name, value } of body.split(';').flatMap((part) => {
      const colon = part.indexOf(':');
      return colon < 0 ? [] : [{ name: part.slice(0, colon), value: part.slice(colon + 1) }];
    }))
      found.set(name, value);
  }
  return found;
}

describe("the components' CSS variables", () => {
  it('come for the components the portal draws, each under every theme’s class', () => {
    for (const component of ['Button', 'Input', 'Select', 'Table', 'Menu', 'Modal', 'Drawer', 'Dropdown', 'Tabs', 'Tooltip'])
      expect(vars.has(component), component).toBe(true);
    const button = vars.get('Button') ?? '';
    for (const themeClass of classes) expect(declared(button, `.${themeClass}.ant-btn`).size).toBeGreaterThan(20);
  });

  it("carry each theme's own values: the portal's accent on a hovered button, light and dark", () => {
    const button = vars.get('Button') ?? '';
    expect(declared(button, '.css-var-light.ant-btn').get('--ant-button-default-hover-color')).toBe(accentText('light'));
    expect(declared(button, '.css-var-dark.ant-btn').get('--ant-button-default-hover-color')).toBe(accentText('dark'));
    expect(declared(button, '.css-var-dark-still.ant-btn').get('--ant-button-default-hover-color')).toBe(accentText('dark'));
  });

  it("carry a component's own value of a theme variable: the dropdown's selected item in the accent", () => {
    const dropdown = vars.get('Dropdown') ?? '';
    expect(declared(dropdown, '.css-var-dark.ant-dropdown-css-var').get('--ant-color-primary')).toBe(accentText('dark'));
    expect(declared(dropdown, '.css-var-light.ant-dropdown-css-var').get('--ant-color-primary')).toBe(accentText('light'));
  });

  it('write what the themes share once', () => {
    const button = vars.get('Button') ?? '';
    expect(button.match(/--ant-button-font-weight:/g)).toHaveLength(1);
    expect(declared(button, '.css-var-dark-still.ant-btn').get('--ant-button-font-weight')).toBe('400');
  });

  it('each have a module whose CSS file carries them', () => {
    for (const component of vars.keys()) expect(varsModule(component, modules), component).toBeDefined();
    expect(varsModule('Button', modules)).toMatch(/[\\/]button[\\/]style[\\/]index\.js$/);
  });
});

describe('merging the themes’ rules', () => {
  it('reads one rule antd writes', () => {
    expect(parseRule('.a.ant-x, .b.ant-y{--ant-x-gap:8px;--ant-x-font:a:b;}')).toEqual({
      selector: '.a.ant-x, .b.ant-y',
      declarations: [
        ['--ant-x-gap', '8px'],
        ['--ant-x-font', 'a:b'],
      ],
    });
    expect(() => parseRule('not a rule')).toThrow(/not one CSS rule/);
  });

  it('groups each declaration under the themes that declare it alike, and loses none', () => {
    const merged = mergeThemes([
      parseRule('.l{--gap:8px;--bg:#fff;}'),
      parseRule('.ls{--gap:8px;--bg:#fff;}'),
      parseRule('.d{--gap:8px;--bg:#000;}'),
    ]);
    expect(merged).toBe('.l,.ls,.d{--gap:8px;}.l,.ls{--bg:#fff;}.d{--bg:#000;}');
  });
});
