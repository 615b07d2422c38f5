import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type * as CssInJs from '@ant-design/cssinjs';
import type { Plugin } from 'vite';
import { buildRequire, renderAllComponents, type StyleCache } from './antd-extract';
import { extractComponentVars } from './antd-static-vars';

/**
 * antd writes its components' CSS in the browser: on first render each component runs its style function, compiles
 * the result with stylis, hashes it and inserts a `<style>`. On a phone that was the largest share of the portal's
 * start-up script (Lighthouse, issue 13). antd 6's zero-runtime mode skips that work and expects the CSS as files;
 * this plugin makes those files at build time, one per style hook, and imports each from the antd module that
 * defines the hook, so a page's CSS arrives with the antd code it uses (the sign-in page does not load the table's).
 *
 * The CSS is antd's own: every component is rendered once in Node by @ant-design/static-style-extract, the tool antd
 * builds its own dist/antd.css with, unhashed (antd's zero-runtime contract), and the cache is split by hook. The
 * theme is not in the rules: in CSS-variable mode they read `var(--ant-…)`. Each component's own variables, for each
 * of the portal's four themes, come in the same file (antd-static-vars.ts); antd writes only the theme's shared
 * variables at runtime. The rules sit in `@layer antd`, so the portal's own CSS wins whatever the order in which the
 * files arrive, as it did over antd's injected styles.
 */

/** What a hook's file import ends with: the defining module's path and this suffix name the CSS. */
const CSS_SUFFIX = '.antd-static.css';

/** Style paths antd registers outside the component hooks, and the module each comes with. */
const SHARED_HOOKS: Readonly<Record<string, string>> = {
  // The reset every component shares (links, box sizing).
  Shared: 'theme/util/genStyleUtils.js',
  'ant-design-icons': 'theme/util/useResetIconStyle.js',
};

const HOOK_CALL = /gen(?:StyleHooks|SubStyleComponent|ComponentStyleHook)\(\s*('[^']+'|\[\s*'[^']+'\s*,\s*'[^']+'\s*\])/g;

/** The name antd's cache files a hook's styles under: `'Button'` → `Button-Button`, `['Input', 'Search']` → `Input-Search`. */
export function hookName(argument: string): string {
  const cells = [...argument.matchAll(/'([^']+)'/g)].map((match) => match[1] ?? '');
  return (cells.length === 1 ? [cells[0], cells[0]] : cells).join('-');
}

/** Every style hook antd's ES modules define, by name, with the module that defines it. */
export function styleHookModules(antdEs: string): Map<string, string> {
  const modules = new Map<string, string>();
  const visit = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const path = join(folder, entry.name);
      if (entry.isDirectory()) visit(path);
      else if (entry.name.endsWith('.js') && /[\\/]style/.test(path)) {
        for (const match of readFileSync(path, 'utf8').matchAll(HOOK_CALL)) modules.set(hookName(match[1] ?? ''), path);
      }
    }
  };
  visit(antdEs);
  for (const [name, file] of Object.entries(SHARED_HOOKS)) modules.set(name, join(antdEs, file));
  return modules;
}

/** antd's CSS for every style hook, by hook name, as static-style-extract renders it. */
export function extractHookStyles(): Map<string, string> {
  const cssinjs = buildRequire('@ant-design/cssinjs') as typeof CssInJs;
  const all = renderAllComponents({ hashed: false });
  const keysByHook = new Map<string, string[]>();
  for (const key of all.cache.keys()) {
    // `style%<hash, empty when unhashed>%<hook name>%<prefix>…`; the components' CSS variables are antd-static-vars.ts's.
    const [kind, , name] = key.split('%');
    if (kind !== 'style' || !name) continue;
    keysByHook.set(name, [...(keysByHook.get(name) ?? []), key]);
  }
  const styles = new Map<string, string>();
  for (const [name, keys] of keysByHook) {
    const part = cssinjs.createCache() as unknown as StyleCache;
    for (const key of keys) {
      const entry = all.cache.get(key);
      if (entry) part.cache.set(key, entry);
      part.updateTimes.set(key, all.updateTimes.get(key) ?? 0);
    }
    const css = cssinjs
      .extractStyle(part as unknown as ReturnType<typeof cssinjs.createCache>, { plain: true, types: ['style'] })
      // The map a server-rendered page hands to the browser's cache; nothing reads it without runtime styles.
      .replace(/\.data-ant-cssinjs-cache-path\{content:"[^"]*";\}/, '');
    styles.set(name, css);
  }
  return styles;
}

interface SyntaxNode {
  readonly type: string;
  readonly start: number;
  readonly end: number;
  readonly callee?: { readonly type: string; readonly name?: string };
  readonly arguments?: readonly SyntaxNode[];
}

const HOOK_FACTORIES = new Set(['genStyleHooks', 'genSubStyleComponent', 'genComponentStyleHook']);

/** The calls of antd's hook factories in a module's syntax tree. */
function hookCalls(node: unknown, found: SyntaxNode[] = []): SyntaxNode[] {
  if (Array.isArray(node)) {
    for (const child of node) hookCalls(child, found);
  } else if (node && typeof node === 'object') {
    const syntax = node as SyntaxNode;
    if (syntax.type === 'CallExpression' && syntax.callee?.type === 'Identifier' && HOOK_FACTORIES.has(syntax.callee.name ?? '')) {
      found.push(syntax);
    }
    for (const value of Object.values(node)) hookCalls(value, found);
  }
  return found;
}

/**
 * A hook module with its style function (the second argument of each factory call) replaced by one that writes
 * nothing: in zero-runtime mode antd never calls it, and without the call the bundler leaves out the function and
 * the style helpers only it used. The component-token defaults (third argument) stay: antd still writes them as
 * CSS variables.
 */
export function withoutStyleFunctions(code: string, program: unknown): string {
  const calls = hookCalls(program);
  let result = code;
  for (const call of [...calls].sort((a, b) => b.start - a.start)) {
    const styleFunction = call.arguments?.[1];
    if (!styleFunction) continue;
    result = `${result.slice(0, styleFunction.start)}() => []${result.slice(styleFunction.end)}`;
  }
  return result;
}

const NO_STYLE_REGISTER = '\0antd-static-styles:no-style-register';
const CSSINJS_IMPORT = /import \{([^}]*)\} from '@ant-design\/cssinjs';/;
/** cssinjs's writers that the build's files stand in for: the component CSS, and the components' CSS variables. */
const WRITERS = ['useStyleRegister', 'useCSSVarRegister'];

/**
 * A module that takes cssinjs's `useStyleRegister` (the writer of component CSS, with stylis) or `useCSSVarRegister`
 * (the writer of each component's CSS variables) gets a no-op instead: antd calls the first only for what the build
 * already has as files (the zero-runtime hooks return before it, the icons' reset is the `ant-design-icons` file),
 * and the second for variables the build writes for each of the portal's themes (antd-static-vars.ts). Without them
 * the compiler and the writers leave the JavaScript. Null when the module takes neither.
 */
export function withoutStyleRegister(code: string): string | null {
  const found = CSSINJS_IMPORT.exec(code);
  const names = found?.[1]?.split(',').map((name) => name.trim()) ?? [];
  const replaced = names.filter((name) => WRITERS.includes(name));
  if (!found || replaced.length === 0) return null;
  const kept = names.filter((name) => name && !WRITERS.includes(name));
  const cssinjs = kept.length ? `import { ${kept.join(', ')} } from '@ant-design/cssinjs';` : '';
  return code.replace(found[0], `${cssinjs}import { ${replaced.join(', ')} } from ${JSON.stringify(NO_STYLE_REGISTER)};`);
}

/** The module whose CSS file carries a component's variables: its main style hook's (`Button-Button`), or its first. */
export function varsModule(component: string, hookModules: ReadonlyMap<string, string>): string | undefined {
  const own = hookModules.get(`${component}-${component}`);
  if (own) return own;
  return [...hookModules].find(([name]) => name.startsWith(`${component}-`))?.[1];
}

export function antdStaticStyles(): Plugin {
  const require = createRequire(import.meta.url);
  const antdEs = join(dirname(require.resolve('antd/package.json')), 'es');
  let hooksByModule = new Map<string, string[]>();
  let styles = new Map<string, string>();
  let hookModules = new Set<string>();
  let vars = new Map<string, string>();
  let varsByModule = new Map<string, string[]>();
  return {
    name: 'antd-static-styles',
    apply: 'build',
    buildStart() {
      styles = extractHookStyles();
      const modules = styleHookModules(antdEs);
      hookModules = new Set([...modules.entries()].filter(([name]) => !(name in SHARED_HOOKS)).map(([, module]) => module));
      hooksByModule = new Map();
      for (const name of styles.keys()) {
        const module = modules.get(name);
        // A hook whose module cannot be found would leave its component unstyled: stop the build instead.
        if (!module) this.error(`antd-static-styles: no module defines the style hook "${name}"`);
        hooksByModule.set(module, [...(hooksByModule.get(module) ?? []), name]);
      }
      vars = extractComponentVars();
      varsByModule = new Map();
      for (const component of vars.keys()) {
        const module = varsModule(component, modules);
        // Variables without a file would leave the component without its sizes and colours: stop the build instead.
        if (!module) this.error(`antd-static-styles: no style hook module for the variables of "${component}"`);
        varsByModule.set(module, [...(varsByModule.get(module) ?? []), component]);
      }
    },
    resolveId(source) {
      return source.endsWith(CSS_SUFFIX) || source === NO_STYLE_REGISTER ? source : null;
    },
    load(id) {
      if (id === NO_STYLE_REGISTER) return WRITERS.map((name) => `export function ${name}() {}`).join('\n');
      if (!id.endsWith(CSS_SUFFIX)) return null;
      const module = id.slice(0, -CSS_SUFFIX.length);
      const names = hooksByModule.get(module) ?? [];
      const components = varsByModule.get(module) ?? [];
      const rules = names.map((name) => styles.get(name) ?? '').join('');
      // The variables stay outside the layer, where antd inserted them: a component's override of a theme variable
      // (the dropdown's `--ant-color-primary`) must outrank the theme's own, which antd still inserts unlayered, and
      // an unlayered rule beats any layered one.
      const variables = components.map((component) => vars.get(component) ?? '').join('');
      return `${rules ? `@layer antd{${rules}}` : ''}${variables}`;
    },
    transform(code, id) {
      let result = code;
      if (/[\\/]node_modules[\\/](antd|@ant-design[\\/]cssinjs-utils)[\\/]/.test(id) && /use(?:Style|CSSVar)Register/.test(code)) {
        const replaced = withoutStyleRegister(code);
        // An antd that takes the writers another way would write CSS again at runtime: stop rather than ship that.
        if (replaced === null && /from '@ant-design\/cssinjs'/.test(code)) {
          this.error(`antd-static-styles: ${id} takes cssinjs's style writers in a way this plugin does not replace`);
        }
        result = replaced ?? code;
      }
      if (hookModules.has(id)) result = withoutStyleFunctions(result, this.parse(result));
      if (hooksByModule.has(id) || varsByModule.has(id)) result = `${result}\nimport ${JSON.stringify(`${id}${CSS_SUFFIX}`)};`;
      return result === code ? null : { code: result, map: null };
    },
  };
}
