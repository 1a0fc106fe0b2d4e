import { test, expect, publishedHomeId } from '../fixtures/test.ts';
import { CatalogHome, ListingDetailPage, ListingsPage, toastRegion } from '../pages/catalog-pages.ts';
import { ShellPage } from '../pages/shell-page.ts';

test('a guest browses home, opens a category, filters by price and bedrooms, opens a listing and is asked to log in to save it', async ({ page }) => {
  const home = new CatalogHome(page);
  await home.goto();
  await expect(home.featuredCards()).toHaveCount(4);
  // Guests see no favourite, share or Schedule Meeting on cards.
  await expect(home.featuredCards().first().getByRole('button')).toHaveCount(0);

  await home.categoryTile('Homes').click();
  await expect(page).toHaveURL(/\/listings\?category=homes$/);
  const listings = new ListingsPage(page);
  const all = await listings.waitForResults();
  expect(all).toBeGreaterThan(0);

  await listings.setPriceRange(60000, 250000);
  await expect(page).toHaveURL(/minPrice=60000&maxPrice=250000/);
  await listings.setMinBedrooms(2);
  await expect(page).toHaveURL(/category=homes&minPrice=60000&maxPrice=250000&beds=2/);
  const filtered = await listings.waitForResults();
  expect(filtered).toBeGreaterThan(0);
  expect(filtered).toBeLessThan(all);
  for (const price of await listings.prices()) {
    expect(price).toBeGreaterThanOrEqual(60000);
    expect(price).toBeLessThanOrEqual(250000);
  }
  const facts = await listings.cards.getByRole('list', { name: 'Key facts' }).allTextContents();
  for (const text of facts) expect(Number(/(\d+) beds?/.exec(text)?.[1] ?? '0')).toBeGreaterThanOrEqual(2);

  // The back button restores the previous filters.
  await page.goBack();
  await expect(page).toHaveURL(/minPrice=60000&maxPrice=250000$/);
  await page.goForward();
  await expect(page).toHaveURL(/beds=2$/);

  const first = listings.cards.first();
  const title = (await first.getByRole('heading').textContent()) ?? '';
  await first.getByRole('heading').getByRole('link').click();
  await expect(page).toHaveURL(/\/property\/[0-9a-f-]{36}$/);
  const detail = new ListingDetailPage(page);
  await expect(detail.heading).toHaveText(title);

  await detail.saveButton().click();
  await expect(toastRegion(page)).toContainText('Login Required');
  await expect(toastRegion(page)).toContainText('Please log in to save favorites.');
});

test('search with a misspelling finds the right listing, with the match highlighted', async ({ page }) => {
  await page.goto('/search?q=Schwarzwlad');
  const main = page.getByRole('main');
  await expect(main.getByRole('heading', { level: 1, name: 'Results for “Schwarzwlad”' })).toBeVisible();
  const hit = main.getByTestId('property-card').filter({ hasText: 'Schwarzwald 120 prefab house' });
  await expect(hit).toBeVisible();
  await expect(hit.locator('mark').first()).toHaveText('Schwarzwald');
});

test('blank search text is never searched', async ({ page }) => {
  let searched = false;
  page.on('request', (request) => {
    if (request.url().includes('/rest/v1/rpc/search_listings')) searched = true;
  });
  await page.goto('/search?q=%20%20');
  await expect(page.getByRole('main').getByRole('heading', { level: 2, name: 'What are you looking for?' })).toBeVisible();
  expect(searched).toBe(false);
});

test('the listing page in German shows the price in German format', async ({ page, admin }) => {
  const { data } = await admin.from('listings').select('id,price').eq('status', 'published').eq('listing_type', 'property').gte('price', 10000).limit(1).single();
  const listing = data as { id: string; price: number };
  const shell = new ShellPage(page);
  const detail = new ListingDetailPage(page);
  await detail.goto(listing.id);
  await shell.chooseLanguage('de');
  await expect(page.getByRole('button', { name: 'Anbieter kontaktieren' })).toBeVisible();
  const expected = new Intl.NumberFormat('de', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 }).format(Number(listing.price));
  await expect(detail.price()).toHaveText(expected);
  // German groups thousands with a dot and puts the euro sign after the amount.
  expect(expected).toMatch(/^\d{1,3}(\.\d{3})+\s€$/);
});

test('a missing listing shows a proper not-found state', async ({ page }) => {
  await page.goto('/listings/00000000-0000-4000-8000-000000000000');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Listing not found' })).toBeVisible();
});

// The gallery offers several renders of its photo; each screen downloads the one it needs.
const SCREENS = [
  { name: 'a phone (412 px at 1.75x)', viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, renderWidth: 880 },
  { name: 'a double-density desktop screen', viewport: { width: 1440, height: 900 }, deviceScaleFactor: 2, renderWidth: 1760 },
];

for (const { name, viewport, deviceScaleFactor, renderWidth } of SCREENS) {
  test.describe(`on ${name}`, () => {
    test.use({ viewport, deviceScaleFactor });

    test(`the listing's photo is the ${renderWidth} px render`, async ({ page, admin }) => {
      const detail = new ListingDetailPage(page);
      await detail.goto(await publishedHomeId(admin));
      expect(await detail.firstPhotoRenderWidth()).toBe(renderWidth);
    });
  });
}
