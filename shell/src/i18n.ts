import { registerNamespace } from '@modula/shared';

/** The shell's chrome: header, footer, gate, guards, error and not-found pages. */
export function registerShellNamespace(): Promise<void> {
  return registerNamespace('shell', (language) => import(`./locales/shell/${language}.json`));
}

/** The shell's content pages, loaded only when one of them is shown. */
export function registerPagesNamespace(): Promise<void> {
  return registerNamespace('shell-pages', (language) => import(`./locales/pages/${language}.json`));
}
