import { createRequire } from 'node:module';
import type * as CssInJs from '@ant-design/cssinjs';
import type * as StaticStyleExtract from '@ant-design/static-style-extract';
import type * as Antd from 'antd';
import type { ThemeConfig } from 'antd';
import type * as ReactModule from 'react';
import type { ReactElement } from 'react';

/** cssinjs's cache as the build reads it: each entry's key and its `[times, value]`, with the times it was updated. */
export interface StyleCache {
  cache: Map<string, [number, unknown]>;
  updateTimes: Map<string, number>;
}

/** The require the build reads antd with: cssinjs's cache, antd and React must be the instances static-style-extract uses. */
export const buildRequire = createRequire(import.meta.url);

/**
 * Every antd component rendered once in Node under this theme by @ant-design/static-style-extract, the tool antd
 * builds its own dist/antd.css with; returns the style cache the renders filled (rules, tokens, CSS variables).
 */
export function renderAllComponents(theme: ThemeConfig): StyleCache {
  const React = buildRequire('react') as typeof ReactModule;
  const cssinjs = buildRequire('@ant-design/cssinjs') as typeof CssInJs;
  const { ConfigProvider } = buildRequire('antd') as typeof Antd;
  const { extractStyle } = buildRequire('@ant-design/static-style-extract') as typeof StaticStyleExtract;
  const cache = cssinjs.createCache();
  extractStyle({
    customTheme: (node: ReactElement) =>
      React.createElement(cssinjs.StyleProvider, { cache }, React.createElement(ConfigProvider, { theme }, node)),
  });
  return cache;
}
