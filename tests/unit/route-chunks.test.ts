import { describe, expect, it } from 'vitest';
import { appClosure, routeChunks, stages, type ModuleGraph } from '../../scripts/build/route-chunks';

/** Issue 13, item 7: the model's modules are grouped by the moment a first visit needs them. */

const src = (path: string) => `/app/src/${path}`;
const lib = (path: string) => `/app/node_modules/${path}`;

/**
 * A small app: the entry uses the shared texts; sign-in uses a rule it shares with the portal; the portal's shell
 * uses the cart and its pricing; a page, loaded on demand, uses its own rules.
 */
const imports: Record<string, readonly string[]> = {
  [src('main.tsx')]: [src('routes.tsx'), src('model/texts.ts'), lib('react/index.js')],
  [src('routes.tsx')]: [src('model/texts.ts')],
  [src('views/sign-in.tsx')]: [src('model/password-rules.ts'), src('model/texts.ts')],
  [src('portal-routes.tsx')]: [src('views/shell.tsx'), src('model/password-rules.ts')],
  [src('views/shell.tsx')]: [src('model/cart.ts'), lib('antd/es/index.js')],
  [src('model/cart.ts')]: [src('model/pricing.ts'), src('model/texts.ts'), lib('valibot/index.js')],
  [src('views/kits.tsx')]: [src('model/kit-rules.ts'), src('model/cart.ts')],
  [lib('antd/es/index.js')]: [lib('antd/es/button/index.js'), src('model/never-reached.ts')],
};
const lazy: Record<string, readonly string[]> = {
  [src('routes.tsx')]: [src('views/sign-in.tsx'), src('portal-routes.tsx')],
  [src('portal-routes.tsx')]: [src('views/kits.tsx')],
};
const graph: ModuleGraph = { importedIds: (id) => imports[id] ?? [], dynamicallyImportedIds: (id) => lazy[id] ?? [] };
const ids = { entry: src('main.tsx'), routes: src('routes.tsx'), portal: src('portal-routes.tsx') };

describe('load stages of the app’s modules', () => {
  it('follows the app’s static imports only, not a library’s', () => {
    expect([...appClosure(graph, src('views/shell.tsx'))].sort()).toEqual(
      [src('model/cart.ts'), src('model/pricing.ts'), src('model/texts.ts'), src('views/shell.tsx')].sort(),
    );
  });

  it('puts in the entry’s stage what the entry imports, and in the portal’s what only the portal imports', () => {
    const { entry, portal } = stages(graph, ids);
    expect([...entry].sort()).toEqual([src('model/texts.ts'), src('routes.tsx')].sort());
    expect([...portal].sort()).toEqual([src('model/cart.ts'), src('model/pricing.ts'), src('views/shell.tsx')].sort());
  });

  it('leaves out of the portal’s stage what a signed-out page shares, the route table itself and any page’s own code', () => {
    const { portal } = stages(graph, ids);
    expect(portal.has(src('model/password-rules.ts'))).toBe(false);
    expect(portal.has(src('portal-routes.tsx'))).toBe(false);
    expect(portal.has(src('model/kit-rules.ts'))).toBe(false);
  });

  it('answers a group’s test by stage and layer, and only once the build has read the graph', () => {
    const chunks = routeChunks({ entry: 'src/main.tsx', routes: 'src/routes.tsx', portal: 'src/portal-routes.tsx' });
    const modelOfPortal = chunks.test('portal', /[\\/]src[\\/]model[\\/]/);
    expect(() => modelOfPortal(src('model/cart.ts'))).toThrow(/not known yet/);

    const context = {
      getModuleIds: () =>
        [...new Set([...Object.keys(imports), ...Object.values(imports).flat(), ...Object.values(lazy).flat()])][Symbol.iterator](),
      getModuleInfo: (id: string) => ({ importedIds: imports[id] ?? [], dynamicallyImportedIds: lazy[id] ?? [] }),
    };
    const buildEnd = chunks.plugin.buildEnd;
    if (typeof buildEnd !== 'function') throw new Error('the plugin reads the graph at buildEnd');
    Reflect.apply(buildEnd, context, []);
    expect(modelOfPortal(src('model/cart.ts'))).toBe(true);
    expect(modelOfPortal(src('views/shell.tsx'))).toBe(false);
    expect(modelOfPortal(src('model/texts.ts'))).toBe(false);
    expect(chunks.test('entry', /[\\/]src[\\/]model[\\/]/)(src('model/texts.ts'))).toBe(true);
  });
});
