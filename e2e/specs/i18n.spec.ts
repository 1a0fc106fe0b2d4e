import { test, expect, createUser, signIn } from '../fixtures/test.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { LoginPage } from '../pages/auth-pages.ts';
import { CatalogHome, ListingDetailPage } from '../pages/catalog-pages.ts';

test.describe('language', () => {
  test('German changes the shell and a mounted remote at once, and is remembered', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto('/pricing');
    const remote = page.locator('[data-remote="mf_vendor"]');
    await expect(remote.getByRole('heading', { level: 1, name: 'Plans for vendors' })).toBeVisible();
    await shell.markDocument();

    await shell.chooseLanguage('de');
    await expect(shell.footerLink('Inserate')).toBeVisible();
    await expect(remote.getByRole('heading', { level: 1, name: 'Tarife für Anbieter' })).toBeVisible();
    await expect(remote.getByRole('button', { name: 'Monatlich' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    expect(await shell.documentIsMarked()).toBe(true);

    await page.reload();
    await expect(remote.getByRole('heading', { level: 1, name: 'Tarife für Anbieter' })).toBeVisible();
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
    await expect(remote.getByRole('heading', { level: 1, name: 'خطط البائعين' })).toBeVisible();
    // Logical properties: in RTL the brand sits at the right edge of the header.
    const brand = await shell.header.getByRole('link', { name: /Modula/ }).first().boundingBox();
    const viewport = page.viewportSize();
    expect(brand && viewport && brand.x > viewport.width / 2).toBe(true);

    await shell.chooseLanguage('en');
    await expect(page.locator('html')).toHaveAttribute('dir', 'ltr');
    await expect(remote.getByRole('heading', { level: 1, name: 'Plans for vendors' })).toBeVisible();
  });
});

test.describe("a signed-in user's language", () => {
  test('sticks: after a reload, on another URL, and when signing in with another browser', async ({ page, env, admin, browser }) => {
    const user = await createUser(admin, { name: 'Fanny Français' });
    await signIn(page, env, user);
    const shell = new ShellPage(page);
    await shell.goto('/');
    await expect(shell.header.getByRole('button', { name: 'Account menu for Fanny Français' })).toBeVisible();

    const saved = page.waitForResponse((r) => r.url().includes('/rest/v1/profiles') && r.request().method() === 'PATCH');
    await shell.chooseLanguage('fr');
    expect((await saved).ok()).toBe(true);
    await expect(shell.navLink('Annonces')).toBeVisible();
    const { data: profile } = await admin.from('profiles').select('preferred_language').eq('id', user.id).single();
    expect(profile).toEqual({ preferred_language: 'fr' });

    await page.reload();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(shell.navLink('Annonces')).toBeVisible();
    await shell.goto('/listings');
    await expect(shell.heading('Explorer les annonces')).toBeVisible();
    await expect(shell.navLink('Annonces')).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');

    // Another device: nothing stored there; signing in applies the profile's language.
    const other = await browser.newContext();
    try {
      await other.addInitScript(() => {
        const now = Date.now();
        window.localStorage.setItem('modula.betaAccess', JSON.stringify({ grantedAt: new Date(now).toISOString(), expiresAt: new Date(now + 365 * 864e5).toISOString() }));
      });
      const second = await other.newPage();
      const login = new LoginPage(second);
      await login.goto();
      await login.logIn(user.email, user.password);
      const secondShell = new ShellPage(second);
      await expect(second.locator('html')).toHaveAttribute('lang', 'fr');
      await expect(secondShell.navLink('Annonces')).toBeVisible();
      expect(await second.evaluate(() => window.localStorage.getItem('modula.language'))).toBe('fr');
    } finally {
      await other.close();
    }
  });

  test('another tab follows a choice made in this one', async ({ page, env, admin, context }) => {
    const user = await createUser(admin);
    await signIn(page, env, user);
    const shell = new ShellPage(page);
    await shell.goto('/about');
    const secondTab = await context.newPage();
    const second = new ShellPage(secondTab);
    await second.goto('/listings');
    await expect(second.navLink('Listings')).toBeVisible();

    await shell.chooseLanguage('de');
    await expect(second.navLink('Inserate')).toBeVisible();
    await expect(secondTab.locator('html')).toHaveAttribute('lang', 'de');
  });
});

test.describe('the catalogue in German', () => {
  test('a listing page shows its features and materials translated, and the newsletter its name label', async ({ page, admin }) => {
    const { data, error } = await admin
      .from('listings')
      .select('id')
      .eq('status', 'published')
      .contains('features', ['Triple glazing'])
      .contains('materials', ['Clay plaster'])
      .limit(1)
      .single();
    if (error || !data) throw new Error(`no seeded listing with triple glazing and clay plaster: ${error?.message}`);

    const shell = new ShellPage(page);
    await shell.goto('/');
    await shell.chooseLanguage('de');
    const home = new CatalogHome(page);
    const newsletter = home.newsletter('Bleiben Sie auf dem Laufenden');
    await expect(newsletter.getByLabel('Ihr Name (optional)')).toBeVisible();
    await expect(newsletter.getByText('Name (optional)', { exact: true })).toHaveCount(0);

    const listing = new ListingDetailPage(page);
    await listing.goto((data as { id: string }).id);
    await expect(listing.features('Ausstattung').filter({ hasText: 'Dreifachverglasung' })).toHaveCount(1);
    await expect(listing.features('Ausstattung').filter({ hasText: 'Triple glazing' })).toHaveCount(0);
    await expect(listing.sustainabilityFact('Materialien')).toContainText('Lehmputz');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
  });
});
