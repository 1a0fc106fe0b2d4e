// Type-only: pulls the ambient declarations (styled-components theme, __MODULA_BUILD__) into every app.
export type {} from "./globals";
// The public API of @modula/shared, a singleton shared by the shell and every remote.
export { loadRuntimeConfig, getRuntimeConfig, setRuntimeConfig, hasRuntimeConfig, parseRuntimeConfig, ConfigError } from './config';
export type { RuntimeConfig } from './config';
export { getSupabase } from './supabase';
export type { SupabaseClient, Database, Json, Tables, TablesInsert, TablesUpdate, Enums } from './supabase';

export { authStore, useAuth, getAuthState } from './auth/store';
export type { AuthState, CurrentUser, Profile, UserType, SubscriptionTier } from './auth/store';
export { startAuth, signOut, refreshProfile, loadOrCreateProfile, REFRESH_MARGIN_SECONDS, RECHECK_INTERVAL_MS } from './auth/session';
export { displayName, dashboardPathFor, toCurrentUser, avatarUrl } from './auth/current-user';
export { retryAfterSeconds, parseRetryAfter } from './auth/retry-after';

export { dispatch, subscribe } from './events';
export type { ModulaEvents, ModulaEventName } from './events';

export { i18n, registerNamespace, changeLanguage, initLanguage, currentLanguage } from './i18n/instance';
export type { NamespaceLoader } from './i18n/instance';
export { LANGUAGES, LANGUAGE_CODES, REGIONS, DEFAULT_LANGUAGE, resolveLanguage, isSupportedLanguage, directionOf } from './i18n/languages';
export type { LanguageCode, LanguageOption, Region } from './i18n/languages';
export { formatPrice, formatNumber, formatDate } from './i18n/format';
export { registerCommonNamespace } from './i18n/common';

export { theme, media, visuallyHidden, GlobalStyle } from './theme';
export type { Theme } from './theme';
export { Button } from './ui/button';
export type { ButtonVariant, ButtonSize } from './ui/button';
export { Field, Input, Select, Textarea } from './ui/field';
export { Card, PageContainer } from './ui/card';
export { Modal } from './ui/modal';
export { toast, dismissToast, toastStore, Toaster, TOAST_DURATION_MS } from './ui/toast';
export type { Toast, ToastVariant } from './ui/toast';
export { ErrorBoundary, ErrorFallback } from './ui/error-fallback';

export { track, flushAnalytics } from './analytics';
export type { AnalyticsEvent, AnalyticsParams } from './analytics';

export {
  messageSchema,
  quotationSchema,
  meetingRequestSchema,
  meetingTimesSchema,
  meetingDeclineSchema,
  meetingCancelSchema,
  QUOTATION_CURRENCIES,
  MAX_MESSAGE_LENGTH,
} from './schemas/messenger';
export type { QuotationInput, QuotationValues, MeetingRequestInput, MeetingRequestValues } from './schemas/messenger';

export { createLifecycles } from './lifecycles';
export { queryClient, createQueryClient, QUERY_FRESH_MS } from './data/query-client';
export { runStandalone, navigateTo } from './standalone';
export type { LifecycleOptions, RemoteLifecycles } from './lifecycles';
export { CONTRACT_VERSIONS, contractMajor, isContractCompatible } from './contracts/registry';
export { parseRegistry, RegistryError, ACCESS_RULES, SLOT_NAMES } from './contracts/parse-registry';
export type { AccessRule, RouteEntry, SlotName, RegistryEntry, Registry, RemoteMeta, ParcelProps, RemoteName } from './contracts/registry';
