import type { Browser, BrowserContext, Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { test, expect, createUser, signIn, type TestUser } from '../fixtures/test.ts';
import type { E2eEnvironment } from '../fixtures/environment.ts';
import { AdvertisingDashboard, CreateAdPage, SponsoredSlots, TestCheckoutPage } from '../pages/advertising-pages.ts';

// Issue 16: a vendor creates a PPC campaign (€3 budget, €1 a click); once its budget is paid (the test
// payment provider's checkout) the listing
// shows as Sponsored in /listings; four visitors' clicks charge €3.00 and no more; a repeat click
// within 30 minutes is not charged; a conversation after a click counts as a lead.

const TOWN = `Adstown ${Date.now().toString(36)}`;
const ADVERTISED = `Ad cabin ${TOWN}`;

interface Visitor {
  context: BrowserContext;
  page: Page;
  slots: SponsoredSlots;
}

async function visitor(browser: Browser, env: E2eEnvironment, user?: TestUser): Promise<Visitor> {
  const context = await browser.newContext({ baseURL: env.baseUrl, locale: 'en-GB' });
  await context.addInitScript(() => {
    const now = Date.now();
    window.localStorage.setItem('modula.betaAccess', JSON.stringify({ grantedAt: new Date(now).toISOString(), expiresAt: new Date(now + 365 * 864e5).toISOString() }));
  });
  const page = await context.newPage();
  if (user) await signIn(page, env, user);
  return { context, page, slots: new SponsoredSlots(page) };
}

/** A vendor with a company on the Entrepreneur plan and three published homes in one town. */
async function vendorWithListings(admin: SupabaseClient): Promise<TestUser> {
  const vendor = await createUser(admin, { userType: 'vendor', name: 'Vanessa Advertiser' });
  const company = await admin.from('companies').insert({ name: `Adstown Homes ${Date.now()}`, company_type: 'manufacturer', country: 'DE', owner_id: vendor.id }).select('id').single();
  if (company.error) throw new Error(company.error.message);
  const companyId = (company.data as { id: string }).id;
  await admin.from('company_members').upsert({ company_id: companyId, user_id: vendor.id, member_role: 'owner' });
  await admin.from('profiles').update({ company_id: companyId }).eq('id', vendor.id);
  const plan = await admin.from('subscriptions').insert({ user_id: vendor.id, plan: 'entrepreneur', status: 'Active', renewal_date: new Date(Date.now() + 30 * 864e5).toISOString() });
  if (plan.error) throw new Error(plan.error.message);
  const category = await admin.from('categories').select('id').eq('slug', 'homes').single();
  const rows = [ADVERTISED, `Lakeside home ${TOWN}`, `Forest home ${TOWN}`].map((title, i) => ({
    vendor_id: companyId, listing_type: 'property', space_type: 'modular_home', category_id: (category.data as { id: string }).id,
    title, description: 'A modular home.', price: 90_000 + i * 1000, status: 'published', location: TOWN, country: 'DE',
  }));
  const listings = await admin.from('listings').insert(rows);
  if (listings.error) throw new Error(listings.error.message);
  return vendor;
}

test.describe('advertising', () => {
  test('a €3 PPC campaign at €1 a click: sponsored in /listings, charged €3.00 by four visitors, repeat click free, a lead counted', async ({ browser, env, admin, page }) => {
    test.setTimeout(180_000);
    const vendor = await vendorWithListings(admin);
    await signIn(page, env, vendor);

    // The vendor creates the campaign and pays its budget on the payment provider's checkout (the local
    // test provider); the provider's signed event credits the budget through the payment webhook.
    const create = new CreateAdPage(page);
    await create.goto();
    await create.create({ listing: ADVERTISED, kind: 'PPC campaign', name: 'Adstown spring', budget: '3', clickRate: '1' });
    const checkout = new TestCheckoutPage(page);
    await checkout.payWithTestCard('Pay your advertising budget', '€3');
    const dashboard = new AdvertisingDashboard(page);
    await expect(page).toHaveURL(/\/advertising-dashboard\?payment=success$/);
    await expect(dashboard.row('Adstown spring')).toContainText('Active');
    await expect(await dashboard.cell('Adstown spring', 'Remaining')).toHaveText('€3.00');

    // Four visitors (one signed in) open the town's listings: the advertised home is marked Sponsored.
    const customer = await createUser(admin, { name: 'Lena Lead' });
    const visitors = [await visitor(browser, env, customer), await visitor(browser, env), await visitor(browser, env), await visitor(browser, env)];
    for (const v of visitors) {
      await v.page.goto(`/listings?location=${encodeURIComponent(TOWN)}`);
      await expect(v.slots.card(ADVERTISED)).toBeVisible();
    }

    // The signed-in customer clicks, comes back and clicks again within 30 minutes: charged once.
    const [first, second, third, fourth] = visitors as [Visitor, Visitor, Visitor, Visitor];
    expect(await first.slots.click(ADVERTISED)).toBe('charged');
    await expect(first.page.getByRole('heading', { level: 1, name: ADVERTISED })).toBeVisible();
    await first.page.goBack();
    expect(await first.slots.click(ADVERTISED)).toBe('duplicate');
    // ...and contacts the vendor from the listing: a lead of the campaign.
    await first.page.getByRole('button', { name: 'Contact vendor' }).click();
    await expect.poll(async () => (await admin.from('ad_leads').select('kind')).data?.length ?? 0).toBeGreaterThan(0);

    expect(await second.slots.click(ADVERTISED)).toBe('charged');
    expect(await third.slots.click(ADVERTISED)).toBe('charged');
    // The budget is spent: the fourth visitor's click is recorded and not charged.
    expect(await fourth.slots.click(ADVERTISED)).toBe('budget_reached');

    // The dashboard: stopped at its budget, €3.00 spent from the ledger, 3 clicks, 1 lead at €3.00 each.
    await dashboard.goto();
    const row = dashboard.row('Adstown spring');
    await expect(row).toContainText('Budget reached');
    await expect(await dashboard.cell('Adstown spring', 'Spent')).toHaveText('€3.00');
    await expect(await dashboard.cell('Adstown spring', 'Remaining')).toHaveText('€0.00');
    await expect(await dashboard.cell('Adstown spring', 'Clicks')).toHaveText('3');
    await expect(await dashboard.cell('Adstown spring', 'Leads')).toHaveText('1');
    await expect(await dashboard.cell('Adstown spring', 'Cost per lead')).toHaveText('€3.00');
    await page.screenshot({ path: test.info().outputPath('advertising-dashboard.png'), fullPage: true });
    const { data: ledger } = await admin.from('ad_ledger').select('amount');
    expect((ledger as { amount: number }[]).reduce((sum, r) => sum + Number(r.amount), 0)).toBe(3);

    // A new visitor no longer sees the home as Sponsored.
    const late = await visitor(browser, env);
    await late.page.goto(`/listings?location=${encodeURIComponent(TOWN)}`);
    await expect(late.page.getByRole('main').getByTestId('property-card').filter({ hasText: ADVERTISED })).toBeVisible();
    await expect(late.slots.card(ADVERTISED)).toHaveCount(0);
    for (const v of [...visitors, late]) await v.context.close();
  });
});
