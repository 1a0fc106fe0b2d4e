import { test, expect } from '../fixtures/test.ts';
import { ShellPage } from '../pages/shell-page.ts';

test('moving between pages of different remotes and the shell never reloads the page', async ({ page }) => {
  const shell = new ShellPage(page);
  await shell.goto('/about');
  await expect(shell.heading('About Modula')).toBeVisible();
  await shell.markDocument();

  // shell -> mf-catalog (header link)
  await shell.navLink('Listings').click();
  await expect(page).toHaveURL(/\/listings$/);
  await expect(page.locator('[data-remote="mf_catalog"]')).not.toBeEmpty();

  // mf-catalog -> mf-vendor (footer link)
  await shell.footerLink('Pricing').click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.locator('[data-remote="mf_vendor"]')).not.toBeEmpty();

  // mf-vendor -> mf-auth (header button)
  await shell.header.getByRole('link', { name: 'Login' }).click();
  await expect(page).toHaveURL(/\/login/);
  await expect(page.locator('[data-remote="mf_auth"]')).not.toBeEmpty();

  // back through the history, across remotes
  await page.goBack();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.locator('[data-remote="mf_vendor"]')).not.toBeEmpty();
  await page.goBack();
  await expect(page).toHaveURL(/\/listings$/);
  await expect(page.locator('[data-remote="mf_catalog"]')).not.toBeEmpty();

  // a link rendered by a remote moves the shell too
  await shell.footerLink('Pricing').click();
  await page.locator('[data-remote="mf_vendor"]').getByRole('link', { name: 'Questions about the plans? Contact us.' }).click();
  await expect(page).toHaveURL(/\/contact$/);

  expect(await shell.documentIsMarked()).toBe(true);
});
