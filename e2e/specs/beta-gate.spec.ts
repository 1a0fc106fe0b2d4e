import { createClient } from '@supabase/supabase-js';
import { test, expect, createUser, signIn } from '../fixtures/test.ts';
import { emailedLink } from '../pages/auth-pages.ts';
import { BetaGatePage } from '../pages/beta-gate-page.ts';
import { ShellPage } from '../pages/shell-page.ts';

test.use({ betaGranted: false });

test.describe('beta gate', () => {
  test('a wrong code is refused and the gate stays', async ({ page }) => {
    const gate = new BetaGatePage(page);
    await page.goto('/about');
    await expect(gate.heading).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await gate.enter('000000');
    await expect(gate.error).toHaveText('Incorrect code - Please try again.');
    await page.reload();
    await expect(gate.heading).toBeVisible();
  });

  test('the right code opens the whole app and is remembered', async ({ page, env }) => {
    const gate = new BetaGatePage(page);
    const shell = new ShellPage(page);
    await page.goto('/about');
    // Case and surrounding spaces do not matter.
    await gate.enter(`  ${env.betaCode.toUpperCase()} `);
    await expect(page.getByRole('status').filter({ hasText: 'Access granted' })).toContainText('Welcome to the beta.');
    await expect(shell.heading('About Modula')).toBeVisible();
    await page.reload();
    await expect(shell.heading('About Modula')).toBeVisible();
    await expect(gate.heading).toHaveCount(0);
  });

  test('?beta=CODE opens the app and the code leaves the address bar', async ({ page, env }) => {
    const shell = new ShellPage(page);
    await page.goto(`/faq?beta=${env.betaCode}`);
    await expect(shell.heading('Frequently asked questions')).toBeVisible();
    expect(new URL(page.url()).search).toBe('');
  });

  test('?beta= with a wrong code shows the gate with the error', async ({ page }) => {
    const gate = new BetaGatePage(page);
    await page.goto('/faq?beta=111111');
    await expect(gate.error).toHaveText('Incorrect code - Please try again.');
  });

  test('verified=true opens the app only with a real session of a confirmed account', async ({ page, env, admin }) => {
    const shell = new ShellPage(page);
    await signIn(page, env, await createUser(admin));
    await page.goto('/terms?verified=true');
    await expect(shell.heading('Terms of Service')).toBeVisible();
    await page.goto('/about');
    await expect(shell.heading('About Modula')).toBeVisible();
  });

  test('the emailed sign-up link opens the app on a device that never saw the code', async ({ page, env }) => {
    const shell = new ShellPage(page);
    const email = `beta-link-${Date.now()}@example.com`;
    const visitor = createClient(env.backendUrl, env.anonKey, { auth: { persistSession: false } });
    const { error } = await visitor.auth.signUp({
      email,
      password: 'Harbour-Tulip-73',
      options: { data: { name: 'Lena Link', user_type: 'customer' }, emailRedirectTo: `${env.baseUrl}/` },
    });
    expect(error).toBeNull();
    await page.goto(await emailedLink(page, env.backendUrl, email, 'signup'));
    await expect(page).toHaveURL(/\/\?verified=true$/);
    await expect(shell.header.getByRole('button', { name: 'Account menu for Lena Link' })).toBeVisible();
    await page.reload();
    await expect(shell.header).toBeVisible();
  });
});

// The holes the audit found (issue 13, item 15): anyone could type these into the address bar.
test.describe('beta gate: claims without a session', () => {
  test('/?verified=true without a session keeps the gate and stores no grant', async ({ page }) => {
    const gate = new BetaGatePage(page);
    await page.goto('/?verified=true');
    await expect(gate.heading).toBeVisible();
    await expect(gate.submit).toBeEnabled();
    await expect(page.getByRole('banner')).toHaveCount(0);
    expect(await page.evaluate(() => window.localStorage.getItem('modula.betaAccess'))).toBeNull();
    await page.goto('/about');
    await expect(gate.heading).toBeVisible();
  });

  for (const hash of ['#access_token=anything', '#access_token=anything&refresh_token=anything&expires_in=3600&token_type=bearer&type=signup']) {
    test(`/${hash.slice(0, 30)}… with made-up tokens keeps the gate`, async ({ page }) => {
      const gate = new BetaGatePage(page);
      await page.goto(`/${hash}`);
      await expect(gate.heading).toBeVisible();
      await expect(gate.submit).toBeEnabled();
      await expect(page.getByRole('banner')).toHaveCount(0);
      expect(await page.evaluate(() => window.localStorage.getItem('modula.betaAccess'))).toBeNull();
    });
  }
});
