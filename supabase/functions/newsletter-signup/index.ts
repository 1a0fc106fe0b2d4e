// newsletter-signup, double opt-in:
//   POST {email, name?, language?}  -> {status: 'pending' | 'already_subscribed', message}
//   POST {action: 'confirm', token} -> {status: 'confirmed' | 'already_confirmed', message} or 400 {status: 'invalid'}
// The confirmation link goes to <SITE_URL>/newsletter/confirm?token=...; only the token's SHA-256 is
// stored. Signing up again is harmless: at most one confirmation mail per address per 10 minutes.
import { HttpError, json, readJsonObject, serve, type FunctionHost } from '../_shared/host.ts';
import { check, language, normaliseEmail, serviceClient } from '../_shared/clients.ts';
import { normalizeEmail } from '../_shared/email.ts';
// The home page's form checks the same schema, so the browser and the function accept the same input.
// It imports only zod (mapped in deno.json) and its own files, so it bundles for Supabase Edge too.
import { newsletterSchema } from '../../../shared/src/schemas/newsletter.ts';
import { parseFormMessage } from '../../../shared/src/schemas/message.ts';

const TOKEN_HOURS = 48;
const SIGNUPS_PER_ADDRESS = { max: 20, windowSeconds: 3600 };
const MAILS_PER_EMAIL = { max: 1, windowSeconds: 600 };

// The spec's toast texts; the page localises by status.
const MESSAGES = {
  pending: 'Almost there! - Please check your email to confirm your subscription.',
  alreadySubscribed: 'You are already subscribed to the Modula newsletter.',
  confirmed: 'Thank you for subscribing!',
  alreadyConfirmed: 'Your subscription is already confirmed.',
  invalid: 'This confirmation link is invalid or has expired.',
};

/** The schema's message keys as this function answers them: an error code and the spec's English. */
const INVALID_EMAIL = { error: 'invalid_email', message: 'Please enter a valid email address.' };
const INPUT_ERRORS: Record<string, { error: string; message: string }> = {
  'form.emailRequired': { error: 'email_required', message: 'Email required - Please enter your email address to subscribe.' },
  'form.invalidEmail': INVALID_EMAIL,
  // Only the name can be too long here (a too long email is an invalid one).
  'form.tooLong': { error: 'invalid_name', message: 'Please use at most 200 characters.' },
};

/** The sign-up's email and name, checked with the form's schema; a 400 with the spec's message otherwise. */
function signupInput(body: Record<string, unknown>): { email: string; name: string | null } {
  const text = (value: unknown, field: string): string => {
    if (value === undefined || value === null) return '';
    if (typeof value === 'string') return value;
    throw new HttpError(400, field === 'email' ? INVALID_EMAIL : { error: 'invalid_request', message: `${field} must be text.` });
  };
  // Normalised first (case, spaces, the trailing dot of the domain), so " A@b.eu. " is the subscriber
  // "a@b.eu" and not an invalid address.
  const parsed = newsletterSchema.safeParse({ email: normalizeEmail(text(body.email, 'email')), name: text(body.name, 'name') });
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const answer = (issue && INPUT_ERRORS[parseFormMessage(issue.message).key]) ?? { error: 'invalid_request', message: issue?.message ?? 'Invalid input.' };
    throw new HttpError(400, answer);
  }
  const email = normaliseEmail(parsed.data.email);
  if (!email) throw new HttpError(400, INVALID_EMAIL);
  return { email, name: parsed.data.name || null };
}

interface Subscriber {
  id: string;
  status: 'pending' | 'confirmed' | 'unsubscribed';
  name: string | null;
  confirm_token_expires_at: string | null;
}

async function sha256(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('');
}

function newToken(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(32));
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function confirm(host: FunctionHost, token: unknown): Promise<Response> {
  if (typeof token !== 'string' || token.length < 20 || token.length > 200) return json({ status: 'invalid', message: MESSAGES.invalid }, 400);
  const admin = serviceClient(host.env);
  const subscriber = check(
    await admin
      .from('newsletter_subscribers')
      .select('id, status, name, confirm_token_expires_at')
      .eq('confirm_token_hash', await sha256(token))
      .maybeSingle(),
    'look up the confirmation token',
  ) as Subscriber | null;
  if (!subscriber || subscriber.status === 'unsubscribed') return json({ status: 'invalid', message: MESSAGES.invalid }, 400);
  if (subscriber.status === 'confirmed') return json({ status: 'already_confirmed', message: MESSAGES.alreadyConfirmed });
  if (!subscriber.confirm_token_expires_at || Date.parse(subscriber.confirm_token_expires_at) < Date.now()) {
    return json({ status: 'invalid', message: MESSAGES.invalid }, 400);
  }
  check(await admin.from('newsletter_subscribers').update({ status: 'confirmed' }).eq('id', subscriber.id), 'confirm the subscription');
  return json({ status: 'confirmed', message: MESSAGES.confirmed });
}

export default serve(async (request, host) => {
  const body = await readJsonObject(request);
  if (body.action === 'confirm') return confirm(host, body.token);
  if (body.action !== undefined) throw new HttpError(400, { error: 'invalid_request', message: 'action must be "confirm" or absent.' });

  const { email, name } = signupInput(body);

  const perAddress = await host.rateLimiter.consume(`newsletter:${host.clientIp}`, SIGNUPS_PER_ADDRESS);
  if (!perAddress.allowed) {
    return json({ error: 'rate_limited', retryAfter: perAddress.retryAfter }, 429, { 'Retry-After': String(perAddress.retryAfter) });
  }

  const admin = serviceClient(host.env);
  const existing = check(
    await admin.from('newsletter_subscribers').select('id, status, name, confirm_token_expires_at').eq('email', email).maybeSingle(),
    'look up the subscriber',
  ) as Subscriber | null;
  if (existing?.status === 'confirmed') return json({ status: 'already_subscribed', message: MESSAGES.alreadySubscribed });

  // A repeated sign-up within minutes keeps the link already sent instead of mailing again.
  const mailKey = `newsletter-mail:${email}`;
  if (!(await host.rateLimiter.consume(mailKey, MAILS_PER_EMAIL)).allowed) return json({ status: 'pending', message: MESSAGES.pending });

  const token = newToken();
  const lang = language(body.language, language(host.env.DEFAULT_LANGUAGE));
  check(
    await admin.from('newsletter_subscribers').upsert(
      {
        email,
        name: name ?? existing?.name ?? null,
        language: lang,
        status: 'pending',
        confirm_token_hash: await sha256(token),
        confirm_token_expires_at: new Date(Date.now() + TOKEN_HOURS * 3600 * 1000).toISOString(),
      },
      { onConflict: 'email' },
    ),
    'save the subscriber',
  );
  const siteUrl = (host.env.SITE_URL ?? '').replace(/\/+$/, '');
  try {
    await host.mail.enqueue({
      to: email,
      template: 'newsletter-confirm',
      language: lang,
      data: { url: `${siteUrl}/newsletter/confirm?token=${token}`, email, name: name ?? existing?.name ?? null, validHours: TOKEN_HOURS },
    });
  } catch (error) {
    await host.rateLimiter.refund(mailKey);
    throw error;
  }
  return json({ status: 'pending', message: MESSAGES.pending });
});
