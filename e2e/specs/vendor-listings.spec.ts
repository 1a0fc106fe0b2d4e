import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { test, expect, createUser, signIn, type TestUser } from '../fixtures/test.ts';
import { toastRegion } from '../pages/catalog-pages.ts';
import { ListingEditorPage, VendorDashboardPage } from '../pages/vendor-pages.ts';

// A 2x2 PNG: storage checks the bytes against the declared type, and the renderer can read it.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGM4kWIERAwQCgAorgV5QuEn7gAAAABJRU5ErkJggg==',
  'base64',
);

/** The page's own content (main): the shell's header and footer have their own a11y spec. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}

/** A vendor with a company and (unless plan is null) an Active subscription, written with the service role (checkout is billing's). */
async function vendorWithCompany(admin: SupabaseClient, plan: 'starter' | 'entrepreneur' | 'pro' | null, name: string): Promise<TestUser & { companyId: string }> {
  const user = await createUser(admin, { userType: 'vendor', name: `${name} Owner` });
  const { data, error } = await admin.from('companies').insert({ name, company_type: 'manufacturer', country: 'DE', owner_id: user.id }).select('id').single();
  if (error || !data) throw new Error(`company: ${error?.message}`);
  if (plan) {
    const renewal = new Date(Date.now() + 30 * 86_400_000).toISOString();
    const sub = await admin.from('subscriptions').insert({ user_id: user.id, plan, status: 'Active', renewal_date: renewal });
    if (sub.error) throw new Error(`subscription: ${sub.error.message}`);
  }
  return { ...user, companyId: (data as { id: string }).id };
}

test.describe('vendor listings (issue 15)', () => {
  test('a new vendor creates a company, and without a plan is sent to /pricing with "Subscription needed"', async ({ page, env, admin }) => {
    const vendor = await createUser(admin, { userType: 'vendor', name: 'Nina New' });
    await signIn(page, env, vendor);
    const dashboard = new VendorDashboardPage(page);
    await dashboard.goto();
    await dashboard.createCompany(`Nina Cabins ${Date.now()}`);
    await expect(dashboard.main.getByText('No active plan: choose one to publish listings.')).toBeVisible();
    await dashboard.main.getByRole('link', { name: 'Create Listing' }).click();
    await expect(toastRegion(page)).toContainText('Subscription needed');
    await expect(toastRegion(page)).toContainText('You need a subscription to create listings. Please select a plan.');
    await expect(page).toHaveURL(/\/pricing\?from=create-listing$/);
  });

  test('a paying vendor publishes a listing with two photos; a guest finds it; a price change shows; others cannot edit it', async ({ page, env, admin, browser }) => {
    const vendor = await vendorWithCompany(admin, 'starter', `Alpen Frames ${Date.now()}`);
    const word = `Kranichhaus${Date.now().toString(36)}`;
    const title = `${word} A-frame cabin`;
    await signIn(page, env, vendor);
    await page.goto('/create-listing');
    const editor = new ListingEditorPage(page);
    await expect(editor.main.getByRole('heading', { level: 1, name: 'Create listing' })).toBeVisible();
    await editor.fillHome({ title, price: '89000', description: 'A timber **A-frame** for two, delivered in six weeks.' });
    await editor.addPhotos([
      { name: 'front.png', mimeType: 'image/png', buffer: PNG },
      { name: 'inside.png', mimeType: 'image/png', buffer: PNG },
    ]);
    await editor.main.getByRole('button', { name: 'Publish' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    const dashboard = new VendorDashboardPage(page);
    await expect(dashboard.listingRow(title)).toContainText('Published');
    await expect(dashboard.main.getByText('1 / 1')).toBeVisible();

    const { data: stored } = await admin.from('listings').select('id, images, price').eq('title', title).single();
    const listing = stored as { id: string; images: string[]; price: number };
    expect(listing.images).toHaveLength(2);
    expect(listing.images.every((path) => path.startsWith(`${vendor.companyId}/${listing.id}/`))).toBe(true);

    // The starter plan's one listing is used: a second is refused with the limit message.
    await page.goto('/create-listing');
    await expect(page.getByRole('heading', { name: 'Listing limit reached' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'See plans and upgrade' })).toHaveAttribute('href', '/pricing');

    // The price is edited; the public page shows it.
    await page.goto(`/edit-listing/${listing.id}`);
    await expect(editor.main.getByLabel('Title')).toHaveValue(title);
    await editor.main.getByLabel('Price in euros').fill('95000');
    await editor.main.getByRole('button', { name: 'Save changes' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);

    // A guest finds it by search and sees the new price.
    const guest = await browser.newContext({ baseURL: env.baseUrl });
    await guest.addInitScript(() => {
      const now = Date.now();
      window.localStorage.setItem('modula.betaAccess', JSON.stringify({ grantedAt: new Date(now).toISOString(), expiresAt: new Date(now + 365 * 864e5).toISOString() }));
    });
    const guestPage = await guest.newPage();
    await guestPage.goto(`/search?q=${encodeURIComponent(word)}`);
    const hit = guestPage.getByRole('main').getByTestId('property-card').filter({ hasText: title });
    await expect(hit).toBeVisible();
    await hit.getByRole('link').first().click();
    await expect(guestPage.getByRole('main').getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(guestPage.getByRole('main')).toContainText('€95,000');
    await guest.close();

    // Another vendor gets not-found for the edit page, and the database refuses the change too.
    const other = await vendorWithCompany(admin, 'pro', `Other Builders ${Date.now()}`);
    const otherContext = await browser.newContext({ baseURL: env.baseUrl });
    await otherContext.addInitScript(() => {
      const now = Date.now();
      window.localStorage.setItem('modula.betaAccess', JSON.stringify({ grantedAt: new Date(now).toISOString(), expiresAt: new Date(now + 365 * 864e5).toISOString() }));
    });
    const otherPage = await otherContext.newPage();
    await signIn(otherPage, env, other);
    await otherPage.goto(`/edit-listing/${listing.id}`);
    await expect(otherPage.getByRole('heading', { name: 'Listing not found' })).toBeVisible();
    await otherContext.close();
  });

  test('a customer sees an order with its deposit in /customer-dashboard/orders', async ({ page, env, admin }) => {
    const vendor = await vendorWithCompany(admin, 'entrepreneur', `Order Homes ${Date.now()}`);
    const customer = await createUser(admin, { userType: 'customer', name: 'Olga Orders' });
    const { error } = await admin.from('orders').insert({
      customer_id: customer.id, company_id: vendor.companyId, vendor_id: vendor.id, title: 'Garden studio, delivered', amount: 42000, currency: 'EUR', deposit_percent: 10,
    });
    expect(error).toBeNull();
    await signIn(page, env, customer);
    await page.goto('/customer-dashboard/orders');
    const order = page.getByRole('main').getByRole('listitem').filter({ hasText: 'Garden studio, delivered' });
    await expect(order).toBeVisible();
    await expect(order).toContainText('Awaiting deposit');
    await expect(order).toContainText('€42,000');
    await expect(order).toContainText('Deposit (10%)');
    await expect(order).toContainText('€4,200');
  });

  test('/dashboard and /create-listing have no serious accessibility violations', async ({ page, env, admin }) => {
    const vendor = await vendorWithCompany(admin, 'pro', `Axe Modular ${Date.now()}`);
    await signIn(page, env, vendor);
    const dashboard = new VendorDashboardPage(page);
    await dashboard.goto();
    await expect(dashboard.main.getByRole('heading', { name: 'Your listings' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
    await page.goto('/create-listing');
    await expect(page.getByRole('main').getByLabel('Title')).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);
  });
});
