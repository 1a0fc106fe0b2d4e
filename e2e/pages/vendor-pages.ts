import { expect, type Locator, type Page } from '@playwright/test';

/** The vendor dashboard (/dashboard) by what a vendor sees. */
export class VendorDashboardPage {
  readonly page: Page;
  readonly main: Locator;
  constructor(page: Page) {
    this.page = page;
    this.main = page.getByRole('main');
  }

  async goto(): Promise<void> {
    await this.page.goto('/dashboard');
    await expect(this.main.getByRole('heading', { level: 1, name: 'Vendor dashboard' })).toBeVisible();
  }

  async createCompany(name: string): Promise<void> {
    const form = this.main.getByRole('region', { name: 'Create your company' });
    await form.getByLabel('Company name').fill(name);
    await form.getByLabel('Company type').selectOption('supplier');
    await form.getByLabel('Country').selectOption('NL');
    await form.getByLabel('Description').fill('Timber frame cabins made in the Netherlands.');
    await form.getByRole('button', { name: 'Create company' }).click();
    await expect(this.main.getByRole('heading', { level: 2, name })).toBeVisible();
  }

  listingRow(title: string): Locator {
    // The listing table (a Pro plan's analytics panel has a per-listing table too).
    return this.main.getByRole('table', { name: 'Your listings with their status and numbers' }).getByRole('row').filter({ hasText: title });
  }

  /** An order of the company in the dashboard's Orders panel. */
  order(title: string | RegExp): Locator {
    return this.main.getByRole('region', { name: 'Orders' }).getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: title }) });
  }
}

/** /customer-dashboard/orders: the customer's orders. */
export class CustomerOrdersPage {
  readonly page: Page;
  readonly main: Locator;
  constructor(page: Page) {
    this.page = page;
    this.main = page.getByRole('main');
  }

  async goto(): Promise<void> {
    await this.page.goto('/customer-dashboard/orders');
    await expect(this.main.getByRole('heading', { level: 1, name: 'Your orders' })).toBeVisible();
  }

  order(title: string | RegExp): Locator {
    return this.main.getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: title }) });
  }

  payDeposit(title: string | RegExp): Locator {
    return this.order(title).getByRole('button', { name: /^Pay deposit/ });
  }
}

/** /create-listing and /edit-listing/{id}. */
export class ListingEditorPage {
  readonly page: Page;
  readonly main: Locator;
  constructor(page: Page) {
    this.page = page;
    this.main = page.getByRole('main');
  }

  async fillHome(values: { title: string; price: string; description: string }): Promise<void> {
    await this.main.getByLabel('Title').fill(values.title);
    await this.main.getByLabel('Description', { exact: true }).fill(values.description);
    await this.main.getByLabel('Category', { exact: true }).selectOption({ label: 'Homes' });
    await this.main.getByLabel('Space type').selectOption({ label: 'A-frame' });
    await this.main.getByLabel('Price in euros').fill(values.price);
    await this.main.getByLabel('Bedrooms').fill('2');
    await this.main.getByLabel('Area', { exact: true }).fill('54');
  }

  async addPhotos(files: { name: string; mimeType: string; buffer: Buffer }[]): Promise<void> {
    await this.page.locator('#listing-photos').setInputFiles(files);
    const photos = this.main.getByRole('list', { name: 'Photos in gallery order' }).getByRole('listitem');
    await expect(photos).toHaveCount(files.length);
    // Every upload is done when no progress bar is left.
    await expect(this.main.getByRole('progressbar')).toHaveCount(0);
  }
}
