// Type-only: pulls the ambient declarations (styled-components theme, __MODULA_BUILD__) into every app.
export type {} from "./globals";
// The public API of @modula/shared, a singleton shared by the shell and every remote.
export { loadRuntimeConfig, getRuntimeConfig, setRuntimeConfig, hasRuntimeConfig, parseRuntimeConfig, ConfigError } from './config';
export type { RuntimeConfig } from './config';
export { getSupabase, loadSupabase, isSupabaseLoaded, getPublicClient, hasStoredSession } from './supabase';
export type { SupabaseClient, PostgrestClient, Database, Json, Tables, TablesInsert, TablesUpdate, Enums } from './supabase';

export { authStore, useAuth, getAuthState } from './auth/store';
export type { AuthState, CurrentUser, Profile, UserType, SubscriptionTier } from './auth/store';
export { startAuth, signOut, refreshProfile, loadOrCreateProfile, REFRESH_MARGIN_SECONDS, RECHECK_INTERVAL_MS } from './auth/session';
export { displayName, dashboardPathFor, toCurrentUser, avatarUrl } from './auth/current-user';
export { retryAfterSeconds, parseRetryAfter } from './auth/retry-after';
export { chooseLanguage } from './auth/language-preference';

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
export { Field, TextareaField, SelectField, CheckboxField, Input, Select, Textarea, FieldWrapper, FieldHint, FieldError, useFieldAria } from './ui/field';
export type { FieldProps, TextareaFieldProps, SelectFieldProps, CheckboxFieldProps, FieldChrome } from './ui/field';
export { useFormMessage, formMessageText, submitProblem } from './ui/form-message';
export { Card, PageContainer } from './ui/card';
export { Modal } from './ui/modal';
export { ReportDialog } from './ui/report-dialog';
export type { ReportDialogProps } from './ui/report-dialog';
export { reportSchema, reportProblem, REPORT_DETAILS_MAX, REPORT_OTHER_DETAILS_MIN } from './schemas/report';
export type { ReportValues } from './schemas/report';
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
export {
  listingSchema,
  listingPrice,
  splitList,
  companySchema,
  inviteSchema,
  LISTING_TYPES,
  SPACE_TYPES,
  PRICE_UNITS,
  SIZE_UNITS,
  ENERGY_CLASSES,
  SHIPPING_TYPES,
  CONTINENTS,
  COMPANY_TYPES,
  MAX_LISTING_PHOTOS,
  MAX_PHOTO_BYTES,
  PHOTO_TYPES,
  LISTING_FORM_MESSAGES,
} from './schemas/listing';
export type { ListingInput, ListingValues, CompanyInput, CompanyValues, InviteInput, InviteValues } from './schemas/listing';

export { createLifecycles } from './lifecycles';
export { queryClient, createQueryClient, QUERY_FRESH_MS } from './data/query-client';
export { runStandalone, navigateTo } from './standalone';
export type { LifecycleOptions, RemoteLifecycles } from './lifecycles';
export { SHARED_VERSION } from './version';
export { parseRegistry, RegistryError, ACCESS_RULES, SLOT_NAMES } from './contracts/parse-registry';
export type { AccessRule, RouteEntry, SlotName, RegistryEntry, Registry, RemoteMeta, ParcelProps } from './contracts/registry';

// Form schemas (zod): one per form, messages are keys of the common namespace. ARCHITECTURE.md "Forms".
export { formMessage, parseFormMessage, FORM_MESSAGES } from './schemas/message.ts';
export type { FormMessageValue, FormMessageValues } from './schemas/message.ts';
export { EMAIL_PATTERN, MAX_EMAIL_LENGTH, MAX_NAME_LENGTH, CODE_PATTERN, isValidEmail, normalizeCode, requiredText, optionalText, emailAddress, oneTimeCode } from './schemas/fields.ts';
export {
  MIN_PASSWORD_LENGTH,
  PASSWORD_REQUIREMENTS,
  missingRequirements,
  localPasswordProblem,
  passwordProblemMessage,
  checkPassword,
} from './schemas/password.ts';
export type { PasswordRequirement, LocalPasswordProblem } from './schemas/password.ts';
export { signupSchema, accountType, ACCOUNT_TYPES } from './schemas/signup.ts';
export type { SignupInput, SignupValues, AccountType } from './schemas/signup.ts';
export { loginSchema } from './schemas/login.ts';
export type { LoginInput, LoginValues } from './schemas/login.ts';
export { forgotPasswordSchema } from './schemas/forgot-password.ts';
export type { ForgotPasswordInput, ForgotPasswordValues } from './schemas/forgot-password.ts';
export { resendVerificationSchema } from './schemas/resend-verification.ts';
export type { ResendVerificationInput, ResendVerificationValues } from './schemas/resend-verification.ts';
export { emailCodeSchema } from './schemas/email-code.ts';
export type { EmailCodeInput, EmailCodeValues } from './schemas/email-code.ts';
export { authenticatorCodeSchema } from './schemas/authenticator-code.ts';
export type { AuthenticatorCodeInput, AuthenticatorCodeValues } from './schemas/authenticator-code.ts';
export { newPasswordSchema } from './schemas/new-password.ts';
export type { NewPasswordInput, NewPasswordValues } from './schemas/new-password.ts';
export { emailChangeSchema } from './schemas/email-change.ts';
export type { EmailChangeInput, EmailChangeValues } from './schemas/email-change.ts';
export { profileSchema } from './schemas/profile.ts';
export type { ProfileInput, ProfileValues } from './schemas/profile.ts';
export { languageChoice } from './schemas/language.ts';
export { contactSchema, MAX_CONTACT_MESSAGE_LENGTH } from './schemas/contact.ts';
export type { ContactInput, ContactValues } from './schemas/contact.ts';
export { newsletterSchema } from './schemas/newsletter.ts';
export type { NewsletterInput, NewsletterValues } from './schemas/newsletter.ts';
export { newsletterPreferencesSchema } from './schemas/newsletter-preferences.ts';
export type { NewsletterPreferencesInput, NewsletterPreferencesValues } from './schemas/newsletter-preferences.ts';
