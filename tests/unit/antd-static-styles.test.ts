import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { parseAst } from 'vite';
import { describe, expect, it } from 'vitest';
import {
  extractHookStyles,
  hookName,
  styleHookModules,
  withoutStyleFunctions,
  withoutStyleRegister,
} from '../../scripts/build/antd-static-styles';
import { deferredStylesheets } from '../../scripts/build/deferred-stylesheets';

/** Issue 13, item 7: the build carries antd's CSS as files, split by the hook that writes it, and drops the style code. */

const antdEs = join(dirname(createRequire(import.meta.url).resolve('antd/package.json')), 'es');
const modules = styleHookModules(antdEs);
const styles = extractHookStyles();

describe("antd's style hooks and their modules", () => {
  it('names a hook as antd files its styles', () => {
    expect(hookName("'Button'")).toBe('Button-Button');
    expect(hookName("['Input', 'Search']")).toBe('Input-Search');
  });

  it('finds the module of each hook, sub-styles included', () => {
    expect(modules.get('Button-Button')).toBe(join(antdEs, 'button', 'style', 'index.js'));
    expect(modules.get('Button-compact')).toBe(join(antdEs, 'button', 'style', 'compact.js'));
    expect(modules.get('Addon-Addon')).toBe(join(antdEs, 'space', 'style', 'addon.js'));
  });

  it('every hook whose CSS was extracted has a module, so no component is left unstyled', () => {
    expect(styles.size).toBeGreaterThan(60);
    expect([...styles.keys()].filter((name) => !modules.has(name))).toEqual([]);
  });
});

describe('the extracted CSS', () => {
  const all = [...styles.values()].join('');

  it("is antd's own, unhashed, for each component", () => {
    expect(styles.get('Button-Button')).toContain('.ant-btn{');
    expect(styles.get('Select-Select')).toContain('.ant-select-dropdown');
    expect(styles.get('Shared')).toContain('a{color:var(--ant-color-link)');
    expect(all).not.toMatch(/:where\(\.css-/);
  });

  it('leaves the theme to runtime: colours are CSS variables, not the default palette', () => {
    // antd's default primary blue and its dark page colour: either here would ignore the portal's palette or theme.
    expect(all).not.toMatch(/#1677ff|#141414/i);
    expect(styles.get('Button-Button')).toContain('var(--ant-color-primary)');
  });

  it('carries no cache map for server rendering', () => {
    expect(all).not.toContain('data-ant-cssinjs-cache-path');
  });
});

describe('a hook module without its style function', () => {
  // The comment's non-ASCII text comes first, as in several of antd's modules: offsets must be in characters.
  const source = [
    '// 样式 — the style',
    "import { genStyleHooks } from '../../theme/internal';",
    'const genStyle = (token) => ({ [token.componentCls]: { color: token.colorText } });',
    'export const prepareComponentToken = (token) => ({ itemHeight: token.controlHeight });',
    "export default genStyleHooks('Demo', (token) => [genStyle(token)], prepareComponentToken);",
    "export const useSub = genSubStyleComponent(['Demo', 'sub'], function (token) { return genStyle(token); });",
  ].join('\n');
  const stripped = withoutStyleFunctions(source, parseAst(source));

  it('passes antd a style function that writes nothing, and keeps the component tokens', () => {
    expect(stripped).toContain("genStyleHooks('Demo', () => [], prepareComponentToken)");
    expect(stripped).toContain("genSubStyleComponent(['Demo', 'sub'], () => [])");
    expect(stripped).toContain('// 样式 — the style');
  });

  it('is still a module that parses', () => {
    expect(() => parseAst(stripped)).not.toThrow();
  });
});

describe("cssinjs's style writers", () => {
  it('are replaced by no-ops where antd takes them, keeping the rest of the import', () => {
    const replaced = withoutStyleRegister(
      "import { token2CSSVar, useCSSVarRegister, useStyleRegister } from '@ant-design/cssinjs';\nuseStyleRegister();",
    );
    expect(replaced).toContain("import { token2CSSVar } from '@ant-design/cssinjs';");
    expect(replaced).toMatch(
      /import \{ useCSSVarRegister, useStyleRegister \} from "\\u0000antd-static-styles:no-style-register";\nuseStyleRegister\(\);$/,
    );
    expect(withoutStyleRegister("import { useStyleRegister } from '@ant-design/cssinjs';")).not.toContain("'@ant-design/cssinjs'");
    expect(withoutStyleRegister("import { useCSSVarRegister } from '@ant-design/cssinjs';")).not.toContain("'@ant-design/cssinjs'");
  });

  it('leave a module alone that takes neither', () => {
    expect(withoutStyleRegister("import { token2CSSVar } from '@ant-design/cssinjs';")).toBeNull();
  });
});

describe('the stylesheets of index.html', () => {
  const plugin = deferredStylesheets();
  const hook = plugin.transformIndexHtml;
  const transform = typeof hook === 'object' && hook && 'handler' in hook ? hook.handler : null;

  it('become preloads, which do not hold back the first paint', () => {
    const html = '<head><link rel="stylesheet" crossorigin href="/assets/antd-core-1.css"><link rel="icon" href="/favicon.svg"></head>';
    expect(typeof transform).toBe('function');
    const result = (transform as (html: string) => string)(html);
    expect(result).toBe(
      '<head><link rel="preload" as="style" crossorigin href="/assets/antd-core-1.css"><link rel="icon" href="/favicon.svg"></head>',
    );
  });
});
