import { test, expect } from '../fixtures/test.ts';
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

  test('verified=true (back from the email link) opens the app', async ({ page }) => {
    const shell = new ShellPage(page);
    await page.goto('/terms?verified=true');
    await expect(shell.heading('Terms of Service')).toBeVisible();
  });
});
