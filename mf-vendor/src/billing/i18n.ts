import type { NamespaceLoader } from '@modula/shared';
import { registerNamespace } from '@modula/shared';

/** The billing pages' strings (pricing, test checkout, plan card): their own namespace and files. */
export const BILLING_NAMESPACE = 'vendor-billing';

export const loadBillingLocale: NamespaceLoader = (language) => import(`./locales/${language}.json`);

/** Registered when billing code first loads; pages suspend (React `use`) until the strings are there. */
export const billingStrings: Promise<void> = registerNamespace(BILLING_NAMESPACE, loadBillingLocale);
