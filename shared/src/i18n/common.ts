import { registerNamespace } from './instance';

/** The UI kit's own strings (error fallback, close buttons) in the "common" namespace. */
export function registerCommonNamespace(): Promise<void> {
  return registerNamespace('common', (language) => import(`./locales/${language}.json`));
}
