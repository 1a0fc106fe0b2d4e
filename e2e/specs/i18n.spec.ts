import { test, expect } from '../fixtures/test.ts';
import { ShellPage } from '../pages/shell-page.ts';

test.describe('language', () => {
  test('German changes the shell and a mounted remote at once, and is remembered', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto('/pricing');
    const remote = page.locator('[data-remote="mf_vendor"]');
    await expect(remote.getByRole('heading', { name: 'Pricing' })).toBeVisible();
    await shell.markDocument();

    await shell.chooseLanguage('de');
    await expect(shell.footerLink('Inserate')).toBeVisible();
    await expect(remote.getByRole('heading', { name: 'Preise' })).toBeVisible();
    await expect(remote.getByText('In Entwicklung')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await shell.documentIsMarked()).toBe(true);

    await page.reload();
    await expect(remote.getByRole('heading', { name: 'Preise' })).toBeVisible();
    await expect(shell.footer.getByText('© 2023 Modula. Alle Rechte vorbehalten.')).toBeVisible();
  });

  test('Arabic renders right-to-left in the shell and in the remote', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto('/pricing');
    const remote = page.locator('[data-remote="mf_vendor"]');
    await shell.chooseLanguage('ar');
    await expect(page.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(shell.navLink('العروض')).toBeVisible();
    await expect(remote.getByRole('heading', { name: 'الأسعار' })).toBeVisible();
    // Logical properties: in RTL the brand sits at the right edge of the header.
    const brand = await shell.header.getByRole('link', { name: /Modula/ }).first().boundingBox();
    const viewport = page.viewportSize();
    expect(brand && viewport && brand.x > viewport.width / 2).toBe(true);

    await shell.chooseLanguage('en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(remote.getByRole('heading', { name: 'Pricing' })).toBeVisible();
  });
});
