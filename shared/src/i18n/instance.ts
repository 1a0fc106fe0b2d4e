import i18next, { type Resource, type ResourceLanguage } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LANGUAGE_CODES, DEFAULT_LANGUAGE, directionOf, resolveLanguage, type LanguageCode } from './languages';

/**
 * The page's one i18next instance. Each remote owns a namespace and registers a loader that imports
 * its translation file for a language on demand, so a page only downloads the languages it shows.
 */
export const i18n = i18next.createInstance();

/** Where the chosen language is stored (a `storage` event with this key tells the other tabs). */
export const LANGUAGE_STORAGE_KEY = 'modula.language';
const STORAGE_KEY = LANGUAGE_STORAGE_KEY;

export type NamespaceLoader = (language: LanguageCode) => Promise<ResourceLanguage | { default: ResourceLanguage }>;

const loaders = new Map<string, NamespaceLoader>();
const loaded = new Map<string, Promise<void>>();

void i18n.use(initReactI18next).init({
  lng: DEFAULT_LANGUAGE,
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...LANGUAGE_CODES],
  ns: [],
  resources: {} satisfies Resource,
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  react: { useSuspense: false, bindI18nStore: 'added' },
});

function loadBundle(ns: string, language: LanguageCode): Promise<void> {
  const key = `${language}/${ns}`;
  let pending = loaded.get(key);
  if (!pending) {
    const loader = loaders.get(ns);
    if (!loader) return Promise.resolve();
    pending = loader(language).then((module) => {
      const bundle = 'default' in module && typeof module.default === 'object' ? module.default : module;
      i18n.addResourceBundle(language, ns, bundle as ResourceLanguage, true, true);
    });
    // A failed download may be retried on the next change of language.
    pending.catch(() => loaded.delete(key));
    loaded.set(key, pending);
  }
  return pending;
}

async function ensureLanguage(language: LanguageCode, namespaces: Iterable<string> = loaders.keys()): Promise<void> {
  const wanted = language === DEFAULT_LANGUAGE ? [language] : [language, DEFAULT_LANGUAGE];
  await Promise.all([...namespaces].flatMap((ns) => wanted.map((lng) => loadBundle(ns, lng))));
}

/** The language a changeLanguage call is switching to, until i18next has switched. */
let switchingTo: LanguageCode | null = null;

/**
 * Registers a namespace and resolves once its strings are available for the language the page shows,
 * or is switching to: a remote that mounts while the visitor changes language (its namespace was not
 * registered when the change began, so the change does not load it) loads the new language itself.
 */
export async function registerNamespace(ns: string, loader: NamespaceLoader): Promise<void> {
  if (!loaders.has(ns)) loaders.set(ns, loader);
  await ensureLanguage(switchingTo ?? currentLanguage(), [ns]);
}

export function currentLanguage(): LanguageCode {
  // The chosen language, even before (or if) a bundle for it has loaded; i18next falls back per key.
  return resolveLanguage(i18n.language);
}

function applyToDocument(language: LanguageCode): void {
  if (typeof document === 'undefined') return;
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}

function readStoredLanguage(): string | null {
  try {
    return window.localStorage.getItem(STORAGE_KEY);
  } catch {
    return null;
  }
}

/** The language stored in this browser, if a supported one is. */
export function storedLanguage(): LanguageCode | null {
  const stored = readStoredLanguage();
  return (LANGUAGE_CODES as readonly string[]).includes(stored ?? '') ? (stored as LanguageCode) : null;
}

/**
 * Picks the stored language, else the deployment's default, and falls back to English for anything
 * unsupported. Called once by the shell at start-up.
 */
export async function initLanguage(deploymentDefault?: string): Promise<LanguageCode> {
  const language = resolveLanguage(readStoredLanguage() ?? deploymentDefault);
  await changeLanguage(language, { persist: false });
  return language;
}

/**
 * Switches every mounted remote at once: all registered namespaces are loaded first, so no remote
 * flashes keys, then i18next notifies every useTranslation hook on the page.
 */
export async function changeLanguage(code: string, options: { persist?: boolean } = {}): Promise<LanguageCode> {
  const language = resolveLanguage(code);
  switchingTo = language;
  try {
    await ensureLanguage(language);
    await i18n.changeLanguage(language);
  } finally {
    if (switchingTo === language) switchingTo = null;
  }
  applyToDocument(language);
  if (options.persist !== false) {
    try {
      window.localStorage.setItem(STORAGE_KEY, language);
    } catch {
      // Storage can be unavailable (private mode, quota); the choice then lasts for this page only.
    }
  }
  return language;
}
