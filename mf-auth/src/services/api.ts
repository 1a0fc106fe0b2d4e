// The one file through which this remote reaches shared services and the backend, so tests mock a
// single module. Every call the auth pages make is here, typed by what the pages need.
import { getSupabase, currentLanguage, type AuthState, type UserType } from '@modula/shared';

export {
  changeLanguage,
  currentLanguage,
  dashboardPathFor,
  getAuthState,
  LANGUAGES,
  refreshProfile,
  retryAfterSeconds,
  signOut,
  toast,
  track,
  useAuth,
} from '@modula/shared';

/** Demo accounts seeded by the backend (spec section 6); their password is public by design. */
export const DEMO_ACCOUNTS = {
  customer: 'demo.customer@modula.eu',
  vendor: 'demo.vendor@modula.eu',
} as const;
export const DEMO_PASSWORD = 'ModulaDemo!2026';

export const AVATAR_BUCKET = 'avatars';

// supabase-js's types, through the shared store's (this remote does not depend on supabase-js itself).
export type Session = NonNullable<AuthState['session']>;
export type User = Session['user'];
/** An authenticator-app factor of the user, as GET /user lists it. */
export interface TotpFactor {
  id: string;
  status: 'verified' | 'unverified';
  created_at: string;
}

function siteUrl(path: string): string {
  return new URL(path, window.location.origin).toString();
}

/** Where the emailed sign-up link lands; the shell then turns the tokens into a session. */
export function signupRedirect(params: { email: string; name: string; userType: UserType }): string {
  return siteUrl(`/verify?${new URLSearchParams(params).toString()}`);
}

/**
 * validate_password_strength (spec section 7): true or false, or null when the check could not run
 * (the server checks again on sign-up, so a missing answer never lets a weak password through).
 */
export async function checkPasswordStrength(password: string): Promise<boolean | null> {
  const { data, error } = await getSupabase().rpc('validate_password_strength', { password });
  if (error) {
    console.warn('validate_password_strength failed', error);
    return null;
  }
  return data === true;
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
  userType: UserType;
}

export type SignUpOutcome =
  /** Confirmation email sent: the account waits for the link (requiresVerification). */
  | { kind: 'pending'; user: User }
  /** Confirmations are off on this deployment: the user is signed in at once. */
  | { kind: 'signed-in'; session: Session }
  /** With confirmations on, GoTrue hides an existing email behind a user without identities. */
  | { kind: 'exists' };

/** Throws the AuthError supabase-js returns; the page maps it to the catalogue's wording. */
export async function signUp(input: SignUpInput): Promise<SignUpOutcome> {
  const { data, error } = await getSupabase().auth.signUp({
    email: input.email,
    password: input.password,
    options: {
      data: { name: input.name, user_type: input.userType, preferred_language: currentLanguage() },
      emailRedirectTo: signupRedirect({ email: input.email, name: input.name, userType: input.userType }),
    },
  });
  if (error) throw error;
  if (data.session) return { kind: 'signed-in', session: data.session };
  if (!data.user || (Array.isArray(data.user.identities) && data.user.identities.length === 0)) return { kind: 'exists' };
  return { kind: 'pending', user: data.user };
}

export async function resendVerification(email: string, redirect: { name: string; userType: UserType }): Promise<void> {
  const { error } = await getSupabase().auth.resend({
    type: 'signup',
    email,
    options: { emailRedirectTo: signupRedirect({ email, ...redirect }) },
  });
  if (error) throw error;
}

/** Confirms a sign-up with the 6-digit code from the email, or with a link's token hash. */
export async function verifySignup(input: { email: string; code: string } | { tokenHash: string }): Promise<Session> {
  const { data, error } =
    'tokenHash' in input
      ? await getSupabase().auth.verifyOtp({ token_hash: input.tokenHash, type: 'signup' })
      : await getSupabase().auth.verifyOtp({ email: input.email, token: input.code, type: 'signup' });
  if (error) throw error;
  if (!data.session) throw new Error('The server verified the code but returned no session');
  return data.session;
}

/** Asks the auth-email function for the welcome email; the account works without it. */
export async function requestWelcomeEmail(user: Pick<User, 'email' | 'user_metadata'>): Promise<void> {
  const meta = user.user_metadata ?? {};
  const { error } = await getSupabase().functions.invoke('auth-email', {
    body: {
      to: user.email,
      type: 'welcome',
      name: typeof meta.name === 'string' ? meta.name : (user.email ?? ''),
      userType: meta.user_type === 'vendor' ? 'vendor' : 'customer',
    },
  });
  if (error) console.warn('Welcome email could not be requested', error);
}

export type SignInOutcome =
  | { kind: 'signed-in'; session: Session }
  /** The account has two-factor authentication: a code from the authenticator app is needed. */
  | { kind: 'mfa'; session: Session; factorId: string };

export async function signIn(email: string, password: string): Promise<SignInOutcome> {
  const supabase = getSupabase();
  const { data, error } = await supabase.auth.signInWithPassword({ email, password });
  if (error) throw error;
  const aal = await supabase.auth.mfa.getAuthenticatorAssuranceLevel();
  if (!aal.error && aal.data.nextLevel === 'aal2' && aal.data.currentLevel !== 'aal2') {
    const factors = await supabase.auth.mfa.listFactors();
    const totp = factors.data?.totp[0];
    if (totp) return { kind: 'mfa', session: data.session, factorId: totp.id };
  }
  return { kind: 'signed-in', session: data.session };
}

/** Completes a sign-in (or a sensitive change) with a code from the authenticator app. */
export async function verifyTotp(factorId: string, code: string): Promise<void> {
  const { error } = await getSupabase().auth.mfa.challengeAndVerify({ factorId, code });
  if (error) throw error;
}

/** The user type that decides the landing page: the profile's, else the sign-up metadata's. */
/** Who signed in, for where they land: the account type, and whether the profile has the admin role. */
export interface Account {
  userType: UserType;
  admin: boolean;
}

export async function fetchAccount(session: Session): Promise<Account> {
  const { data, error } = await getSupabase().from('profiles').select('user_type,role').eq('id', session.user.id).maybeSingle();
  if (error) console.warn('Could not read the profile for the redirect', error);
  const profile = data as { user_type?: string; role?: string | null } | null;
  const type = profile?.user_type ?? session.user.user_metadata?.user_type;
  return { userType: type === 'vendor' ? 'vendor' : 'customer', admin: profile?.role === 'admin' };
}

/**
 * log_security_event (spec section 7). The database marks browser reports as client-sourced and
 * rate limits them; a failure to log never blocks the user.
 */
export async function logSecurityEvent(eventType: string, details: Record<string, string | number | boolean | null>): Promise<void> {
  const { error } = await getSupabase().rpc('log_security_event', { event_type: eventType, user_id: null, details });
  if (error) console.warn('Could not log the security event', eventType, error);
}

/**
 * Emails a one-time sign-in link (and code) to an existing account: the way in while the password
 * limit holds. An address without an account is answered as if one existed (nothing is revealed).
 */
export async function sendSignInLink(email: string): Promise<void> {
  const { error } = await getSupabase().auth.signInWithOtp({ email, options: { shouldCreateUser: false, emailRedirectTo: siteUrl('/') } });
  if (error && error.code !== 'otp_disabled') throw error;
}

export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await getSupabase().auth.resetPasswordForEmail(email, { redirectTo: siteUrl('/reset-password') });
  if (error) throw error;
}

/** A recovery email's 6-digit code, for links that expired or opened in another browser. */
export async function verifyRecoveryCode(email: string, code: string): Promise<Session> {
  const { data, error } = await getSupabase().auth.verifyOtp({ email, token: code, type: 'recovery' });
  if (error) throw error;
  if (!data.session) throw new Error('The server verified the code but returned no session');
  return data.session;
}

/** nonce: the code reauthenticate() mailed, when the server wants proof for an older session. */
export async function updatePassword(password: string, nonce?: string): Promise<void> {
  const { error } = await getSupabase().auth.updateUser(nonce ? { password, nonce } : { password });
  if (error) throw error;
}

/** Mails a 6-digit code that confirms a password change (sessions older than a day need it). */
export async function requestReauthentication(): Promise<void> {
  const { error } = await getSupabase().auth.reauthenticate();
  if (error) throw error;
}

/** Starts an email change; the server mails a confirmation link to the new address. */
export async function updateEmail(email: string): Promise<void> {
  const { error } = await getSupabase().auth.updateUser({ email }, { emailRedirectTo: siteUrl('/profile') });
  if (error) throw error;
}

/** Ends this browser's session only; the saved listings go with it (shared signOut). */
export async function signOutOtherSessions(): Promise<void> {
  const { error } = await getSupabase().auth.signOut({ scope: 'others' });
  if (error) throw error;
}

export interface ProfileChanges {
  name?: string;
  company_name?: string | null;
  preferred_language?: string;
  profile_image?: string | null;
}

export async function updateProfile(userId: string, changes: ProfileChanges): Promise<void> {
  const { error } = await getSupabase().from('profiles').update(changes).eq('id', userId);
  if (error) throw error;
}

/** Uploads a new avatar under the user's own folder and returns its storage path. */
export async function uploadAvatar(userId: string, file: File): Promise<string> {
  const extension = file.type === 'image/png' ? 'png' : file.type === 'image/webp' ? 'webp' : file.type === 'image/avif' ? 'avif' : 'jpg';
  const path = `${userId}/avatar-${Date.now()}.${extension}`;
  const { error } = await getSupabase().storage.from(AVATAR_BUCKET).upload(path, file, { contentType: file.type, upsert: false });
  if (error) throw error;
  return path;
}

/** Removes an avatar file the profile no longer points at; leftovers only cost storage. */
export async function removeAvatarFile(path: string): Promise<void> {
  const { error } = await getSupabase().storage.from(AVATAR_BUCKET).remove([path]);
  if (error) console.warn('Could not remove the previous avatar', error);
}

export async function currentUser(): Promise<User> {
  const { data, error } = await getSupabase().auth.getUser();
  if (error) throw error;
  return data.user;
}

export async function listTotpFactors(): Promise<TotpFactor[]> {
  const { data, error } = await getSupabase().auth.mfa.listFactors();
  if (error) throw error;
  return data.all
    .filter((factor) => factor.factor_type === 'totp')
    .map((factor) => ({ id: factor.id, status: factor.status === 'verified' ? 'verified' : 'unverified', created_at: factor.created_at }));
}

export interface TotpEnrollment {
  factorId: string;
  /** data: URL of the QR code image (an SVG the server draws). */
  qrCode: string;
  /** The secret for typing into the app by hand. */
  secret: string;
}

export async function enrollTotp(friendlyName: string): Promise<TotpEnrollment> {
  const { data, error } = await getSupabase().auth.mfa.enroll({ factorType: 'totp', friendlyName, issuer: 'Modula' });
  if (error) throw error;
  return { factorId: data.id, qrCode: svgDataUrl(data.totp.qr_code), secret: data.totp.secret };
}

/**
 * supabase-js prefixes the server's raw SVG with "data:image/svg+xml;utf-8," unencoded, which browsers
 * refuse to draw once the SVG holds a "#" (colours); the SVG is percent-encoded into a valid data URL.
 */
export function svgDataUrl(qrCode: string): string {
  const svg = qrCode.replace(/^data:image\/svg\+xml;(?:utf-8|charset=utf-8),/i, '');
  if (!svg.trimStart().startsWith('<')) return qrCode;
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
}

export async function unenrollFactor(factorId: string): Promise<void> {
  const { error } = await getSupabase().auth.mfa.unenroll({ factorId });
  if (error) throw error;
}

/** aal2 is needed to remove a verified factor (and, with MFA on, to change email or password). */
export async function assuranceLevel(): Promise<{ current: string | null; next: string | null }> {
  const { data, error } = await getSupabase().auth.mfa.getAuthenticatorAssuranceLevel();
  if (error) throw error;
  return { current: data.currentLevel, next: data.nextLevel };
}
