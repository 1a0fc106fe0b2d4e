// auth-email: POST {to, type: 'verify' | 'welcome', name?, userType?} -> {sent}.
//   welcome: once per account, to the signed-in user's own confirmed address (or any, for the
//            service role), in the user's language.
//   verify:  sends the sign-up confirmation again through Auth's resend, so Auth's rate limits and
//            its answer-the-same-whether-or-not-the-account-exists rule apply; never an open relay.
import { HttpError, json, readJsonObject, serve, type FunctionHost } from '../_shared/host.ts';
import { anonClient, check, language, normaliseEmail, serviceClient } from '../_shared/clients.ts';

const REQUESTS_PER_ADDRESS = { max: 10, windowSeconds: 15 * 60 };

interface Profile {
  name: string | null;
  user_type: 'customer' | 'vendor' | null;
  preferred_language: string | null;
}

async function verify(host: FunctionHost, to: string): Promise<Response> {
  const { error } = await anonClient(host.env, host.clientIp).auth.resend({ type: 'signup', email: to });
  if (error?.status === 429) {
    return json({ error: 'rate_limited', message: 'Please wait a minute before asking for another email.' }, 429);
  }
  if (error && error.status !== undefined && error.status < 500) {
    throw new HttpError(400, { error: 'invalid_request', message: error.message });
  }
  if (error) throw new Error(`could not resend the confirmation: ${error.message}`);
  return json({ sent: true });
}

async function welcome(host: FunctionHost, to: string, name: unknown, userType: unknown): Promise<Response> {
  const claims = host.claims;
  const admin = serviceClient(host.env);
  let userId: string | null = null;
  if (claims?.role !== 'service_role') {
    if (claims?.role !== 'authenticated' || typeof claims.sub !== 'string') {
      throw new HttpError(401, { error: 'unauthorized', message: 'Sign in to receive the welcome email.' });
    }
    userId = claims.sub;
  }

  let appMetadata: Record<string, unknown> = {};
  if (userId) {
    const { data, error } = await admin.auth.admin.getUserById(userId);
    if (error || !data.user) throw new HttpError(401, { error: 'unauthorized', message: 'Sign in to receive the welcome email.' });
    if ((data.user.email ?? '').toLowerCase() !== to) {
      throw new HttpError(403, { error: 'forbidden', message: 'The welcome email goes only to your own address.' });
    }
    if (!data.user.email_confirmed_at) {
      throw new HttpError(409, { error: 'email_not_confirmed', message: 'Confirm your email address first.' });
    }
    appMetadata = data.user.app_metadata ?? {};
    if (appMetadata.welcome_email_sent_at) return json({ sent: false, reason: 'already_sent' });
  }

  const profile = userId
    ? (check(await admin.from('profiles').select('name, user_type, preferred_language').eq('id', userId).maybeSingle(), 'read the profile') as Profile | null)
    : null;
  const kind = userType === 'vendor' || userType === 'customer' ? userType : (profile?.user_type ?? 'customer');
  const siteUrl = (host.env.SITE_URL ?? '').replace(/\/+$/, '');

  // Marked first, so two calls racing send one email; unmarked again if the mail cannot be queued.
  if (userId) {
    const marked = await admin.auth.admin.updateUserById(userId, { app_metadata: { ...appMetadata, welcome_email_sent_at: new Date().toISOString() } });
    if (marked.error) throw new Error(`could not mark the welcome email as sent: ${marked.error.message}`);
  }
  try {
    await host.mail.enqueue({
      to,
      template: 'welcome',
      language: language(profile?.preferred_language, language(host.env.DEFAULT_LANGUAGE)),
      data: {
        name: typeof name === 'string' && name.trim() ? name.trim().slice(0, 200) : (profile?.name ?? null),
        userType: kind,
        url: `${siteUrl}${kind === 'vendor' ? '/dashboard' : '/listings'}`,
      },
    });
  } catch (error) {
    if (userId) await admin.auth.admin.updateUserById(userId, { app_metadata: { ...appMetadata, welcome_email_sent_at: null } });
    throw error;
  }
  return json({ sent: true });
}

export default serve(async (request, host) => {
  const body = await readJsonObject(request);
  const to = normaliseEmail(body.to);
  if (!to) throw new HttpError(400, { error: 'invalid_email', message: 'Please enter a valid email address.' });
  if (body.type !== 'verify' && body.type !== 'welcome') {
    throw new HttpError(400, { error: 'invalid_request', message: 'type must be "verify" or "welcome".' });
  }
  if (body.userType !== undefined && body.userType !== null && body.userType !== 'customer' && body.userType !== 'vendor') {
    throw new HttpError(400, { error: 'invalid_request', message: 'userType must be "customer" or "vendor".' });
  }
  if (body.name !== undefined && body.name !== null && typeof body.name !== 'string') {
    throw new HttpError(400, { error: 'invalid_request', message: 'name must be text.' });
  }
  const limit = await host.rateLimiter.consume(`auth-email:${host.clientIp}`, REQUESTS_PER_ADDRESS);
  if (!limit.allowed) return json({ error: 'rate_limited', retryAfter: limit.retryAfter }, 429, { 'Retry-After': String(limit.retryAfter) });
  return body.type === 'verify' ? verify(host, to) : welcome(host, to, body.name, body.userType);
});
