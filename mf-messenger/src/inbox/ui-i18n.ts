import { registerNamespace } from '../services/api';
import { loadUiLocale, UI_NAMESPACE } from '../i18n';

/**
 * Registered when the conversation UI's code first loads; its views suspend (React `use`) until the
 * strings of the current language are there, so no key ever flashes.
 */
export const uiStrings: Promise<void> = registerNamespace(UI_NAMESPACE, loadUiLocale);
