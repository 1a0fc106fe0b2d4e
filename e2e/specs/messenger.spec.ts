import type { Browser, BrowserContext, Page } from '@playwright/test';
import { test, expect, createUser, signIn, type TestUser } from '../fixtures/test.ts';
import type { E2eEnvironment } from '../fixtures/environment.ts';
import { ListingDetailPage } from '../pages/catalog-pages.ts';
import { MeetingsPage, MessengerWidget } from '../pages/messenger-pages.ts';
import { TestCheckoutPage } from '../pages/billing-pages.ts';
import { CustomerOrdersPage, VendorDashboardPage } from '../pages/vendor-pages.ts';

// Two people in two browsers: a new customer, and the seeded demo vendor (Lukas Brenner of Haven
// Modular) who answers for the company's listings.
const DEMO_VENDOR = { email: 'demo.vendor@modula.eu', password: 'ModulaDemo!2026' };
const LISTING = 'Haven Garden 96';
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');

interface Person {
  context: BrowserContext;
  page: Page;
  messenger: MessengerWidget;
  /** Uncaught errors of the page: a bug even when the page still looks right. */
  errors: string[];
}

async function leave(...people: Person[]): Promise<void> {
  for (const someone of people) {
    expect(someone.errors, 'uncaught errors in the page').toEqual([]);
    await someone.context.close();
  }
}

async function person(browser: Browser, env: E2eEnvironment, user: TestUser, options: { locale?: string } = {}): Promise<Person> {
  const context = await browser.newContext({ baseURL: env.baseUrl, timezoneId: 'Europe/Berlin', ...(options.locale ? { locale: options.locale } : {}) });
  await context.addInitScript(() => {
    const now = Date.now();
    window.localStorage.setItem('modula.betaAccess', JSON.stringify({ grantedAt: new Date(now).toISOString(), expiresAt: new Date(now + 365 * 864e5).toISOString() }));
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  await signIn(page, env, user);
  return { context, page, messenger: new MessengerWidget(page), errors };
}

test.describe('the messenger between a customer and a vendor', () => {
  let vendorUser: TestUser;
  let listingId: string;

  test.beforeAll(async ({ admin }) => {
    const { data: users } = await admin.auth.admin.listUsers({ perPage: 1000 });
    const vendor = users.users.find((u) => u.email === DEMO_VENDOR.email);
    if (!vendor) throw new Error('the seed creates the demo vendor');
    vendorUser = { id: vendor.id, ...DEMO_VENDOR };
    // The seed writes the catalogue right after the server starts.
    await expect
      .poll(async () => ((await admin.from('listings').select('id').eq('title', LISTING).maybeSingle()).data as { id: string } | null)?.id ?? null, { timeout: 60_000 })
      .not.toBeNull();
    const { data } = await admin.from('listings').select('id').eq('title', LISTING).single();
    listingId = (data as { id: string }).id;
  });

  /** A new customer contacts the vendor from the listing page; the vendor has the conversation open. */
  async function contact(browser: Browser, env: E2eEnvironment, admin: Parameters<typeof createUser>[0]) {
    const customerUser = await createUser(admin, { name: 'Maja Customer' });
    const customer = await person(browser, env, customerUser);
    await new ListingDetailPage(customer.page).goto(listingId);
    await customer.page.getByRole('button', { name: 'Contact vendor' }).click();
    await expect(customer.messenger.thread('Lukas Brenner')).toBeVisible();
    const vendor = await person(browser, env, vendorUser);
    await vendor.page.goto('/');
    await vendor.messenger.open();
    await expect(vendor.messenger.thread('Maja Customer')).toBeVisible();
    return { customer, vendor, customerUser };
  }

  test('a customer contacts a vendor from a listing; both see the other\'s messages live, and the read marks change', async ({ browser, env, admin }) => {
    const { customer, vendor } = await contact(browser, env, admin);
    await customer.messenger.send('Hello! Is the Garden 96 available for delivery in May?');
    // The vendor's panel is open on the conversation: the message arrives without a reload.
    await expect(vendor.messenger.message('Is the Garden 96 available for delivery in May?')).toBeVisible();
    // The vendor has seen it: the customer's message turns from Sent to Read.
    await expect(customer.messenger.message('Is the Garden 96 available')).toContainText('Read');
    await vendor.messenger.send('Hi Maja, yes: May works. Where should it go?');
    await expect(customer.messenger.message('May works. Where should it go?')).toBeVisible();
    await expect(vendor.messenger.message('May works')).toContainText('Read');
    await leave(customer, vendor);
  });

  test('an attachment sent by one side opens on the other', async ({ browser, env, admin }) => {
    const { customer, vendor } = await contact(browser, env, admin);
    await customer.messenger.attach({ name: 'Site plan.pdf', mimeType: 'application/pdf', buffer: PDF });
    await expect(vendor.messenger.message('Site plan.pdf')).toBeVisible();
    // Open gives the vendor a signed link to the file (a new tab); it serves the customer's bytes.
    const tab = vendor.context.waitForEvent('page');
    await vendor.messenger.button('Open Site plan.pdf').click();
    const opened = await tab;
    await expect.poll(() => opened.url()).toContain('/storage/v1/object/sign/message-attachments/');
    const download = await vendor.page.request.get(opened.url());
    expect(download.status()).toBe(200);
    expect(download.headers()['content-type']).toBe('application/pdf');
    expect(Buffer.from(await download.body()).subarray(0, 8).toString()).toBe('%PDF-1.4');
    await leave(customer, vendor);
  });

  test('a quotation is accepted, becomes an order, and its deposit is paid with the test card', async ({ browser, env, admin }) => {
    // Two browsers, the messenger, a payment and the vendor's dashboard: more than a page's worth.
    test.setTimeout(150_000);
    const { customer, vendor, customerUser } = await contact(browser, env, admin);
    await vendor.messenger.button('Send a quotation').click();
    const form = vendor.messenger.panel.getByRole('form', { name: 'New quotation' });
    await form.getByLabel('Title').fill('Garden 96, delivered and installed');
    await form.getByLabel('Amount').fill('231500.5');
    await form.getByRole('button', { name: 'Send quotation' }).click();
    const card = customer.messenger.message('Garden 96, delivered and installed');
    await expect(card).toContainText('€231,500.50');
    await expect(card).toContainText('Deposit 10 %: €23,150.05');
    await card.getByRole('button', { name: 'Accept' }).click();
    await card.getByRole('button', { name: 'Yes, accept' }).click();
    await expect(customer.messenger.message(/You accepted the quotation\. Order MOD-\d{6} has been created\./)).toBeVisible();
    await expect(vendor.messenger.message(/The customer accepted the quotation\. Order MOD-\d{6} has been created\./)).toBeVisible();
    const { data: orders } = await admin.from('orders').select('title, amount, currency, deposit_percent, status').eq('customer_id', customerUser.id);
    expect(orders).toEqual([{ title: 'Garden 96, delivered and installed', amount: 231500.5, currency: 'EUR', deposit_percent: 10, status: 'awaiting_deposit' }]);

    // The customer pays the deposit with the test card; both sides see the order move on.
    const myOrders = new CustomerOrdersPage(customer.page);
    await myOrders.goto();
    const order = myOrders.order(/Garden 96, delivered and installed/);
    await expect(order).toContainText('Awaiting deposit');
    await myOrders.payDeposit(/Garden 96, delivered and installed/).click();
    const checkout = new TestCheckoutPage(customer.page);
    await checkout.expectForDeposit(/MOD-\d{6}/);
    await expect(customer.page.getByText('€23,150.05', { exact: true })).toBeVisible();
    await checkout.pay({ number: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    await expect(customer.page).toHaveURL(/\/customer-dashboard\/orders\?deposit=paid$/);
    await expect(order).toContainText('Deposit paid');
    await expect(myOrders.payDeposit(/Garden 96, delivered and installed/)).toHaveCount(0);
    const dashboard = new VendorDashboardPage(vendor.page);
    await dashboard.goto();
    await expect(dashboard.order(/Garden 96, delivered and installed/)).toContainText('Deposit paid');
    await leave(customer, vendor);
  });

  test('a meeting is requested from the listing, confirmed by the vendor, and shows as confirmed on the meetings page', async ({ browser, env, admin }) => {
    const customerUser = await createUser(admin, { name: 'Noor Customer' });
    const customer = await person(browser, env, customerUser);
    await new ListingDetailPage(customer.page).goto(listingId);
    await customer.page.getByRole('button', { name: 'Schedule Meeting' }).click();
    const form = customer.messenger.panel.getByRole('form', { name: 'Schedule a meeting' });
    await expect(form).toContainText(LISTING);
    await form.getByRole('radio', { name: 'On-site visit of a show home' }).check();
    const day = new Date(Date.now() + 4 * 86_400_000).toISOString().slice(0, 10);
    await form.getByLabel('Time 1', { exact: true }).fill(`${day}T10:00`);
    await form.getByLabel('Time 2', { exact: true }).fill(`${day}T15:30`);
    await form.getByRole('textbox', { name: 'Note (optional)' }).fill('Two adults and a dog.');
    await form.getByRole('button', { name: 'Send request' }).click();
    await expect(customer.messenger.message('Tour requested')).toBeVisible();

    const vendor = await person(browser, env, vendorUser);
    await vendor.page.goto('/');
    await vendor.messenger.open();
    const request = vendor.messenger.message('Tour requested');
    await expect(request).toContainText('Note: Two adults and a dog.');
    await request.getByRole('button', { name: /^Confirm .*3:30/ }).click();
    await expect(customer.messenger.message('Tour confirmed')).toBeVisible();

    const meetings = new MeetingsPage(customer.page);
    await meetings.goto();
    const meeting = meetings.meeting('Upcoming', LISTING);
    await expect(meeting).toContainText('Confirmed');
    await expect(meeting).toContainText('On-site visit · with Lukas Brenner, Haven Modular');
    await expect(meeting).toContainText('3:30 PM');
    await leave(customer, vendor);
  });
});

test.describe('the messenger panel', () => {
  test('a guest sees the login message', async ({ page }) => {
    await page.goto('/about');
    const messenger = new MessengerWidget(page);
    await messenger.open();
    await expect(messenger.panel.getByText('Please log in to view your messages')).toBeVisible();
    await messenger.panel.getByRole('link', { name: 'Login' }).click();
    await expect(page).toHaveURL(/\/login$/);
  });

  test('measures 320 px, 384 px expanded, and the whole screen on a phone', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    const messenger = new MessengerWidget(page);
    await messenger.open();
    expect(await messenger.width()).toBe(320);
    await messenger.expandButton().click();
    expect(await messenger.width()).toBe(384);
    await page.setViewportSize({ width: 390, height: 844 });
    expect(await messenger.width()).toBe(390);
    const box = await messenger.panel.boundingBox();
    expect(Math.round(box!.height)).toBe(844);
  });

  test('Arabic mirrors the panel: the launcher sits at the left and the panel reads right to left', async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('modula.language', 'ar'));
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/about');
    const launcher = page.getByRole('button', { name: 'فتح المراسلة' });
    await expect(launcher).toBeVisible();
    expect((await launcher.boundingBox())!.x).toBeLessThan(100);
    await launcher.click();
    const panel = page.getByRole('dialog', { name: 'الرسائل' });
    await expect(panel.getByText('يُرجى تسجيل الدخول لعرض رسائلك')).toBeVisible();
    const panelBox = (await panel.boundingBox())!;
    expect(panelBox.x).toBeLessThan(100);
    expect(await panel.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    // The close button is at the panel's inline end: the left in Arabic.
    const close = (await panel.getByRole('button', { name: 'إغلاق المراسلة' }).boundingBox())!;
    const title = (await panel.getByRole('heading', { name: 'الرسائل' }).boundingBox())!;
    expect(close.x).toBeLessThan(title.x);
  });
});
