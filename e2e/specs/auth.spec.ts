import crypto from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import type { SupabaseClient } from '@supabase/supabase-js';
import { test, expect, createUser, signIn } from '../fixtures/test.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { emailedLink, ForgotPasswordPage, LoginPage, ProfilePage, ResetPasswordPage, SignupPage } from '../pages/auth-pages.ts';

const PASSWORD = 'Harbour-Tulip-73';
let counter = 0;

function newEmail(): string {
  counter += 1;
  return `auth-e2e-${Date.now()}-${counter}@example.com`;
}

/** The seeded demo account; created here too when the run's database has no seed yet. */
async function ensureDemoCustomer(admin: SupabaseClient): Promise<void> {
  const { error } = await admin.auth.admin.createUser({
    email: 'demo.customer@modula.eu',
    password: 'ModulaDemo!2026',
    email_confirm: true,
    // As the seed makes it: a name the demo password does not contain, and the demo flag.
    user_metadata: { name: 'Sofia Lindqvist', user_type: 'customer' },
    app_metadata: { demo: true },
  });
  if (error && error.code !== 'email_exists' && error.code !== 'user_already_exists') throw error;
}

test.describe('a new vendor', () => {
  test('signs up, verifies through the emailed link, logs out, logs in and reaches /dashboard', async ({ page, env }) => {
    const email = newEmail();
    const signup = new SignupPage(page);
    await signup.goto();
    await signup.fill({ name: 'Vera Vendor', email, password: PASSWORD, type: 'Vendor' });
    await signup.submit();
    await expect(page).toHaveURL(/\/check-email\?/);
    await expect(page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
    await expect(page.getByText(email)).toBeVisible();

    await page.goto(await emailedLink(page, env.backendUrl, email, 'signup'));
    await expect(page).toHaveURL(/\/\?verified=true$/);
    const shell = new ShellPage(page);
    const menu = shell.header.getByRole('button', { name: 'Account menu for Vera Vendor' });
    await expect(menu).toBeVisible();

    await menu.click();
    await shell.header.getByRole('button', { name: 'Log out' }).click();
    await expect(page).toHaveURL(/\/login$/);

    const login = new LoginPage(page);
    await login.logIn(email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(menu).toBeVisible();
  });
});

test('logging in before verifying shows the unconfirmed-email message', async ({ page, admin }) => {
  const email = newEmail();
  const { error } = await admin.auth.admin.createUser({ email, password: PASSWORD, user_metadata: { name: 'Una Unverified' } });
  expect(error).toBeNull();
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(email, PASSWORD);
  await expect(login.alert).toContainText(
    "Please check your email and click the verification link to activate your account. Check your spam folder if you don't see the email.",
  );
  await expect(page).toHaveURL(/\/login$/);
});

test('six wrong passwords in a row show the rate-limit message', async ({ page, admin }) => {
  const user = await createUser(admin);
  const login = new LoginPage(page);
  await login.goto();
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
  for (let attempt = 1; attempt <= 5; attempt += 1) {
    expect(await login.submitAndWaitForAnswer()).toBe(400);
    await expect(login.alert).toHaveText('Invalid email or password. Please check your credentials and try again.');
  }
  expect(await login.submitAndWaitForAnswer()).toBe(429);
  await expect(login.alert).toHaveText(/^Too many login attempts\. Please wait \d+ minutes? before trying again\.$/);

  // The page reported the failures and the rate limit as security events (spec section 8).
  await expect
    .poll(async () => {
      const { data, error } = await admin
        .from('security_events')
        .select('event_type, details, source')
        .in('event_type', ['login_failed', 'login_rate_limited'])
        .order('created_at', { ascending: false })
        .limit(100);
      if (error) throw error;
      return (data as { event_type: string; details: { email?: string }; source: string }[])
        .filter((event) => event.details.email === user.email)
        .map((event) => `${event.event_type}/${event.source}`)
        .sort();
    })
    .toEqual([...Array(5).fill('login_failed/client'), 'login_rate_limited/client']);
});

test('locked out by wrong passwords, the owner still gets in with an emailed sign-in link', async ({ page, env, admin }) => {
  const user = await createUser(admin, { name: 'Lotte Locked' });
  const login = new LoginPage(page);
  await login.goto();
  await page.getByLabel('Email address').fill(user.email);
  await page.getByLabel('Password', { exact: true }).fill('Wrong-Password-1');
  for (let attempt = 1; attempt <= 5; attempt += 1) expect(await login.submitAndWaitForAnswer()).toBe(400);
  await page.getByLabel('Password', { exact: true }).fill(user.password);
  expect(await login.submitAndWaitForAnswer()).toBe(429);
  await expect(login.alert).toHaveText(/^Too many login attempts\. Please wait \d+ minutes? before trying again\.$/);
  await expect(page.getByText('You can still log in with a one-time link we email to you.')).toBeVisible();

  await login.signInLinkButton().click();
  await expect(page.getByRole('status').filter({ hasText: `If an account exists for ${user.email}` })).toBeVisible();
  await page.goto(await emailedLink(page, env.backendUrl, user.email, 'magiclink'));
  const shell = new ShellPage(page);
  await expect(shell.header.getByRole('button', { name: 'Account menu for Lotte Locked' })).toBeVisible();
});

test('a forgotten password is reset through the emailed link and the new one logs in', async ({ page, env, admin }) => {
  const user = await createUser(admin, { userType: 'customer', name: 'Rosa Reset' });
  await new ForgotPasswordPage(page).requestLink(user.email);
  await page.goto(await emailedLink(page, env.backendUrl, user.email, 'recovery'));
  await expect(page).toHaveURL(/\/reset-password/);
  // The reset signs out cleanly (issue 19, item 19): no profile read after the sign-out.
  const refused: string[] = [];
  page.on('response', (response) => {
    if (response.status() === 401 && response.url().includes('/rest/v1/')) refused.push(response.url());
  });
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.text().includes('Could not load the profile')) warnings.push(message.text());
  });
  await new ResetPasswordPage(page).choose(PASSWORD);
  await expect(page).toHaveURL(/\/login\?reset=true$/);
  await expect(page.getByText('Your password has been changed')).toBeVisible();
  expect(refused).toEqual([]);
  expect(warnings).toEqual([]);

  const login = new LoginPage(page);
  await login.logIn(user.email, user.password);
  await expect(login.alert).toHaveText('Invalid email or password. Please check your credentials and try again.');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Log in', exact: true }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
});

test('a new profile name shows in the header at once', async ({ page, env, admin }) => {
  const user = await createUser(admin, { name: 'Paula Profile' });
  await signIn(page, env, user);
  const profile = new ProfilePage(page);
  await profile.goto();
  const shell = new ShellPage(page);
  await expect(shell.header.getByRole('button', { name: 'Account menu for Paula Profile' })).toBeVisible();
  await profile.rename('Paula Renamed');
  await expect(shell.header.getByRole('button', { name: 'Account menu for Paula Renamed' })).toBeVisible();
  await expect(page.getByText('Profile updated')).toBeVisible();
});

test('an uploaded profile picture is stored in the avatars bucket and shown in the header', async ({ page, env, admin }) => {
  const user = await createUser(admin, { name: 'Ava Avatar' });
  await signIn(page, env, user);
  const profile = new ProfilePage(page);
  await profile.goto();
  // A 1×1 PNG, as a user's file would arrive from the file picker.
  const png = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
  await page.getByLabel('Upload a picture').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: png });
  await expect(page.getByText('Profile picture updated')).toBeVisible();
  const avatar = new ShellPage(page).header.getByRole('button', { name: 'Account menu for Ava Avatar' }).locator('img');
  await expect(avatar).toHaveAttribute('src', new RegExp(`/storage/v1/object/public/avatars/${user.id}/avatar-\\d+\\.png$`));
  await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
});

test('the demo customer button reaches /customer-dashboard', async ({ page, admin }) => {
  await ensureDemoCustomer(admin);
  const login = new LoginPage(page);
  await login.goto();
  await login.demoButton('customer').click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);
});

/** RFC 6238 TOTP (SHA-1, 6 digits, 30 s) for a base32 secret, as an authenticator app computes it. */
function totp(secret: string, at = Date.now()): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
  let bits = '';
  for (const char of secret.replace(/=+$/, '').toUpperCase()) bits += alphabet.indexOf(char).toString(2).padStart(5, '0');
  const key = Buffer.from(bits.match(/.{8}/g)!.map((byte) => parseInt(byte, 2)));
  const timeStep = Buffer.alloc(8);
  timeStep.writeBigUInt64BE(BigInt(Math.floor(at / 1000 / 30)));
  const hmac = crypto.createHmac('sha1', key).update(timeStep).digest();
  const offset = hmac[hmac.length - 1]! & 0xf;
  return String((hmac.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

test('two-factor authentication: enrolled with the QR code, asked for at login, turned off again', async ({ page, admin }) => {
  const user = await createUser(admin, { name: 'Tess Totp' });
  // Through the login page, not the signIn fixture: its init script would restore the first session on every load.
  const login = new LoginPage(page);
  await login.goto();
  await login.logIn(user.email, user.password);
  await expect(page).toHaveURL(/\/customer-dashboard$/);
  const profile = new ProfilePage(page);
  await profile.goto();
  await page.getByRole('button', { name: 'Set up two-factor authentication' }).click();
  await expect(page.getByRole('img', { name: 'QR code to add Modula to your authenticator app' })).toBeVisible();
  const secret = (await page.locator('code').textContent())!.trim();
  await page.getByLabel('6-digit code').fill(totp(secret));
  await page.getByRole('button', { name: 'Turn on two-factor authentication' }).click();
  await expect(page.getByText(/Two-factor authentication is on \(since/)).toBeVisible();

  const shell = new ShellPage(page);
  await shell.header.getByRole('button', { name: 'Account menu for Tess Totp' }).click();
  await shell.header.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await login.logIn(user.email, user.password);
  await expect(page.getByRole('heading', { level: 1, name: 'Two-factor authentication' })).toBeVisible();
  // The next time step's code (accepted within ±1 step) cannot be a replay of the enrolment's.
  await page.getByLabel('6-digit code').fill(totp(secret, Date.now() + 30_000));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/customer-dashboard$/);

  await profile.goto();
  await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await page.getByRole('button', { name: 'Turn off two-factor authentication' }).click();
  await expect(page.getByText('Two-factor authentication is off.')).toBeVisible();
});

test.describe('accessibility of the auth pages (axe, WCAG 2.2 AA)', () => {
  async function seriousViolations(page: import('@playwright/test').Page): Promise<string[]> {
    const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
    return results.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  }

  test('/signup, with its errors showing, has no serious violations', async ({ page }) => {
    const signup = new SignupPage(page);
    await signup.goto();
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByLabel('Password', { exact: true }).fill('short');
    await signup.submit();
    await expect(page.getByRole('alert').filter({ hasText: 'Please fill in all required fields' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/login has no serious violations', async ({ page }) => {
    await new LoginPage(page).goto();
    expect(await seriousViolations(page)).toEqual([]);
  });

  test('/signup in Arabic at 360 px: right to left, nothing overflows, no serious violations', async ({ page }) => {
    await page.setViewportSize({ width: 360, height: 740 });
    await page.addInitScript(() => window.localStorage.setItem('modula.language', 'ar'));
    await page.goto('/signup');
    await expect(page.getByRole('heading', { level: 1, name: 'انضم اليوم' })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await seriousViolations(page)).toEqual([]);
  });
});
