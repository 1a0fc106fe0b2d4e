// Ambient declarations every app sees through @modula/shared.
import type { Theme } from './theme';

declare module 'styled-components' {
  export interface DefaultTheme extends Theme {}
}

declare global {
  /** Injected by tooling/webpack.cjs (DefinePlugin) and by the jest preset. */
  const __MODULA_BUILD__: { name: string; version: string; sha: string; builtAt: string };
}

