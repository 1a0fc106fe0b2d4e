// Ambient declarations every app sees through @modula/shared.
import type { Theme } from './theme';

declare module 'styled-components' {
  export interface DefaultTheme extends Theme {}
}

declare global {
  /**
   * What this bundle was built as and against, compiled in by tooling/webpack.cjs (DefinePlugin; the
   * jest preset defines a test value). Read it in the app's own code: read inside @modula/shared it
   * would be the shell's, because the shell's copy of @modula/shared is the one that runs.
   */
  const __MODULA_BUILD__: {
    /** Federation name from the app's manifest, e.g. "mf_catalog" or "shell". */
    name: string;
    /** package.json version. */
    version: string;
    sha: string;
    builtAt: string;
    /** A remote's contract version from its remote.json; null in the shell. */
    contract: string | null;
    /** The range of @modula/shared the app's package.json depends on, e.g. "^1.0.0". */
    shared: string;
  };
  /** Shell only: the contract version of every remote, from each remote.json at the shell's build. */
  const __MODULA_CONTRACTS__: Readonly<Record<string, string>>;
  /** The version of @modula/shared compiled into this bundle (shared/package.json). */
  const __MODULA_SHARED_VERSION__: string;
}
