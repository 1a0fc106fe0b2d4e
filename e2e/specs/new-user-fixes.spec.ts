// Issue 19: what a new user tripped over in the catalogue, the messenger launcher, the shell and the
// accounts, each checked in a real browser against the seeded catalogue.
import type { Locator } from '@playwright/test';
import { test, expect, createUser, signIn } from '../fixtures/test.ts';
import { CatalogHome, ListingDetailPage, ListingsPage, toastRegion } from '../pages/catalog-pages.ts';
import { MessengerWidget } from '../pages/messenger-pages.ts';
import { LoginPage } from '../pages/auth-pages.ts';
import { ShellPage } from '../pages/shell-page.ts';

async function seededListingId(admin: import('@supabase/supabase-js').SupabaseClient, listingType: string): Promise<string> {
  const { data, error } = await admin.from('listings').select('id').eq('status', 'published').eq('listing_type', listingType).limit(1).single();
  if (error || !data) throw new Error(`no published ${listingType}: ${error?.message}`);
  return (data as { id: string }).id;
}

async function box(locator: Locator) {
  const found = await locator.boundingBox();
  if (!found) throw new Error('not on screen');
  return found;
}

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

test.describe('catalogue', () => {
  test('Featured Properties shows homes, none of them repeated by the Commercial Units row, each photo described', async ({ page }) => {
    const home = new CatalogHome(page);
    await home.goto();
    await expect(home.featuredCards()).toHaveCount(4);
    await expect(home.rowCards('Commercial Units')).toHaveCount(4);
    const featured = await home.featuredCards().getByRole('heading').allTextContents();
    const commercial = await home.rowCards('Commercial Units').getByRole('heading').allTextContents();
    expect(featured.filter((title) => commercial.includes(title))).toEqual([]);
    // Every featured card is a home: its photo and its title say so.
    for (const title of featured) {
      await expect(home.featuredCards().getByRole('img', { name: new RegExp(`^Photo 1 of \\d+: ${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) })).toBeVisible();
    }
  });

  test('areas use one unit: square feet for en-US, m² in German, and the size filter converts', async ({ page }) => {
    const listings = new ListingsPage(page);
    await page.goto('/listings?category=homes');
    await listings.waitForResults();
    const areas = () => listings.cards.getByRole('list', { name: /.+/ }).allTextContents();
    await expect.poll(async () => (await areas()).join(' ')).toContain('sq ft');
    expect((await areas()).join(' ')).not.toContain('m²');

    // In German the default is m², on the filter and on every card.
    await new ShellPage(page).chooseLanguage('de');
    await expect(page.getByRole('main').getByRole('group', { name: 'Größe (m²)' })).toBeVisible();
    await expect(page.getByRole('main').getByTestId('property-card').first()).toContainText('m²');
    const german = async () => (await page.getByRole('main').getByTestId('property-card').allTextContents()).join(' ');
    await expect.poll(german).not.toContain('sq ft');
    expect(await german()).toContain('m²');

    await page.getByRole('main').getByLabel('Mindestgröße').fill('60');
    await page.getByRole('main').getByRole('button', { name: 'Anwenden' }).click();
    await expect(page).toHaveURL(/minSize=60&unit=sqm/);
    // The previous results stay on screen until the filtered ones arrive: wait for those, every card
    // at least 60 m² (German figures: "1.250,5 m²").
    const squareMetres = (text: string) => {
      const m2 = /([\d.,]+)\s*m²/.exec(text);
      return m2 ? Number(m2[1]!.replace(/\./g, '').replace(',', '.')) : Number.NaN;
    };
    const smallerCards = async () => {
      const texts = await page.getByRole('main').getByTestId('property-card').allTextContents();
      return texts.length === 0 ? ['(no results yet)'] : texts.filter((text) => !(squareMetres(text) >= 60));
    };
    await expect.poll(smallerCards).toEqual([]);
  });

  test('price sorting puts unit prices after the totals and says so', async ({ page }) => {
    const listings = new ListingsPage(page);
    const prices = () => listings.cards.locator('span').filter({ hasText: /^(From )?€[\d,]+( per .+)?$/ }).allTextContents();
    // The cheapest first: a €38-per-m² cladding is not cheaper than a €900 heat pump.
    await page.goto('/upgrades?sort=price_asc');
    const total = await listings.waitForResults();
    await expect(page.getByText('Prices per m², per hour, day or month and prices on request are listed after the fixed prices.')).toBeVisible();
    const first = await prices();
    expect(first.length).toBeGreaterThan(0);
    expect(first.filter((p) => / per /.test(p))).toEqual([]);
    // The unit prices are at the end, after every total.
    await page.goto(`/upgrades?sort=price_asc&page=${Math.ceil(total / 12)}`);
    await listings.waitForResults();
    await expect(listings.cards.first()).toBeVisible();
    const last = await prices();
    const firstUnit = last.findIndex((p) => / per /.test(p));
    expect(firstUnit).toBeGreaterThanOrEqual(0);
    expect(last.slice(firstUnit).every((p) => / per /.test(p))).toBe(true);
  });

  test('"Heat pump" is offered under Sustainability only', async ({ page }) => {
    await page.goto('/listings?category=homes');
    const listings = new ListingsPage(page);
    await listings.waitForResults();
    await expect(listings.filterGroup('Sustainability').getByLabel('Heat pump')).toHaveCount(1);
    await expect(listings.filterGroup('Features').getByText('Heat pump', { exact: true })).toHaveCount(0);
  });

  test('Back from a listing returns to the card the visitor came from, on the same results page', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/listings?category=homes&page=2');
    const listings = new ListingsPage(page);
    await listings.waitForResults();
    const card = listings.cards.nth(8);
    await card.scrollIntoViewIfNeeded();
    const title = (await card.getByRole('heading').textContent()) ?? '';
    const before = await page.evaluate(() => window.scrollY);
    expect(before).toBeGreaterThan(300);
    await card.getByRole('heading').getByRole('link').click();
    await expect(new ListingDetailPage(page).heading).toHaveText(title);
    await page.goBack();
    await expect(page).toHaveURL(/category=homes&page=2$/);
    await expect(listings.cards.filter({ hasText: title })).toBeInViewport();
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before - 50);
  });

  test('an address of the wrong kind moves to the item\'s own route', async ({ page, admin }) => {
    const service = await seededListingId(admin, 'service');
    await page.goto(`/upgrade/${service}`);
    await expect(page).toHaveURL(new RegExp(`/service/${service}$`));
    await expect(new ListingDetailPage(page).heading).toBeVisible();
  });

  test('on a phone the listing keeps its price, Contact vendor and Schedule Meeting on screen, clear of the launcher', async ({ page, admin }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const detail = new ListingDetailPage(page);
    await detail.goto(await seededListingId(admin, 'property'));
    const bar = detail.stickyBar();
    await expect(bar).toBeInViewport();
    await expect(bar.getByText(/^€[\d,]+$/)).toBeVisible();
    await expect(bar.getByRole('link', { name: 'Schedule Meeting' })).toBeVisible();
    const messenger = new MessengerWidget(page);
    await expect(messenger.launcher).toBeVisible();
    const launcher = await box(messenger.launcher);
    for (const control of [bar.getByRole('button', { name: 'Contact vendor' }), bar.getByRole('link', { name: 'Schedule Meeting' })]) {
      expect(overlaps(await box(control), launcher)).toBe(false);
    }
    await page.screenshot({ path: test.info().outputPath('phone-listing.png') });
    await bar.getByRole('button', { name: 'Contact vendor' }).click();
    await expect(messenger.panel.getByText('Please log in to view your messages')).toBeVisible();
  });
});

test.describe('messenger launcher and shell', () => {
  test('at 1280×800 the launcher covers no carousel arrow, and Escape closes the messenger back to the launcher', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    const home = new CatalogHome(page);
    await home.goto();
    const messenger = new MessengerWidget(page);
    await expect(messenger.launcher).toBeVisible();
    const next = home.carouselNext();
    await next.scrollIntoViewIfNeeded();
    // Wherever the arrow is on screen, bring it to the launcher's height and check nothing covers it.
    const launcher = await box(messenger.launcher);
    const arrow = await box(next);
    await page.mouse.wheel(0, arrow.y + arrow.height / 2 - (launcher.y + launcher.height / 2));
    await expect.poll(async () => Math.abs((await box(next)).y - (await box(messenger.launcher)).y)).toBeLessThan(60);
    expect(overlaps(await box(next), await box(messenger.launcher))).toBe(false);
    await next.click({ trial: true });
    await page.screenshot({ path: test.info().outputPath('launcher-1280.png') });

    await messenger.open();
    await page.getByRole('heading', { level: 1, name: 'Find the Perfect Home' }).click();
    await page.keyboard.press('Escape');
    await expect(messenger.panel).toHaveCount(0);
    await expect(page.getByRole('button', { name: /^Open messenger/ })).toBeFocused();
  });

  test('the blog is linked from the footer and from the phone menu', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto('/about');
    await expect(shell.footerLink('Blog')).toHaveAttribute('href', '/blog');
    await page.setViewportSize({ width: 390, height: 844 });
    await shell.header.getByRole('button', { name: 'Open menu' }).click();
    await shell.header.getByRole('link', { name: 'Blog', exact: true }).click();
    await expect(page).toHaveURL(/\/blog$/);
  });
});

test.describe('accounts', () => {
  test('signing in returns to the deep link the guest opened', async ({ page, admin }) => {
    const user = await createUser(admin, { name: 'Dana Deeplink' });
    await new ShellPage(page).goto('/customer-dashboard/favorites');
    await expect(page).toHaveURL(/\/login\?next=%2Fcustomer-dashboard%2Ffavorites$/);
    await new LoginPage(page).logIn(user.email, user.password);
    await expect(page).toHaveURL(/\/customer-dashboard\/favorites$/);
  });

  test('a next that leaves the site is ignored', async ({ page, admin }) => {
    const user = await createUser(admin, { name: 'Eve Evil' });
    const login = new LoginPage(page);
    await login.goto('/login?next=%2F%2Fevil.example%2Fphish');
    await login.logIn(user.email, user.password);
    await expect(page).toHaveURL(/\/customer-dashboard$/);
  });

  test('/login and /signup send a signed-in user to their dashboard', async ({ page, env, admin }) => {
    const vendor = await createUser(admin, { userType: 'vendor', name: 'Vic Signedin' });
    await signIn(page, env, vendor);
    await page.goto('/login');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('subscribing an address already on the list shows one consistent message', async ({ page, admin }) => {
    const email = `e2e-news-${Date.now()}@example.com`;
    const { error } = await admin.from('newsletter_subscribers').insert({ email, status: 'confirmed', confirmed_at: new Date().toISOString(), language: 'en' });
    expect(error).toBeNull();
    const home = new CatalogHome(page);
    await home.goto();
    const form = home.newsletter('Stay in the loop');
    await form.getByLabel('Email address').fill(email);
    await form.getByRole('button', { name: 'Subscribe' }).click();
    await expect(toastRegion(page)).toContainText('Already subscribed');
    await expect(form.getByRole('status')).toHaveText('This email address is already on our list.');
    await expect(page.getByText('Thank you for subscribing!')).toHaveCount(0);
  });
});
