import { expect, type Locator, type Page, type Response } from '@playwright/test';

/** mf-vendor's /create-ad, by what a vendor sees. */
export class CreateAdPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async goto(): Promise<void> {
    await this.page.goto('/create-ad');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Create ad' })).toBeVisible();
  }

  async create(campaign: { listing: string; kind: 'PPC campaign' | 'Sponsored placement'; name: string; budget: string; clickRate: string }): Promise<void> {
    await this.page.getByLabel('Listing').selectOption({ label: campaign.listing });
    await this.page.getByLabel('Kind').selectOption({ label: campaign.kind });
    await this.page.getByLabel('Campaign name').fill(campaign.name);
    await this.page.getByLabel('Budget (€)').fill(campaign.budget);
    await this.page.getByLabel('Click rate (€ per click)').fill(campaign.clickRate);
    await this.page.getByRole('button', { name: 'Create campaign' }).click();
  }
}

/** mf-vendor's /advertising-dashboard. */
export class AdvertisingDashboard {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async goto(): Promise<void> {
    await this.page.goto('/advertising-dashboard');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Advertising dashboard' })).toBeVisible();
  }

  row(name: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name: new RegExp(name) }) });
  }

  /** A figure of a campaign's row by its column header. */
  async cell(name: string, column: string): Promise<Locator> {
    const headers = await this.page.getByRole('columnheader').allTextContents();
    const index = headers.indexOf(column);
    if (index < 0) throw new Error(`no column ${column} in ${headers.join(', ')}`);
    return this.row(name).getByRole('cell').nth(index - 1);
  }
}

/** The sponsored cards of a results page, and the click that goes through the server's click call. */
export class SponsoredSlots {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  card(title: string): Locator {
    return this.page.getByRole('main').getByTestId('property-card').filter({ hasText: 'Sponsored' }).filter({ hasText: title });
  }

  /** Clicks the sponsored card's link and returns what the server answered (charged, duplicate...). */
  async click(title: string): Promise<string> {
    const answer: Promise<Response> = this.page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/record_ad_click'));
    await this.card(title).getByRole('link').first().click();
    return (await (await answer).json()) as string;
  }
}

/** The local test payment provider's checkout page (/checkout/test/:session). */
export class TestCheckoutPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async payWithTestCard(title: string, amount: string): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await this.page.getByLabel('Card number').fill('4242 4242 4242 4242');
    await this.page.getByLabel('Expiry date (MM/YY)').fill('12/40');
    await this.page.getByLabel('Security code (CVC)').fill('123');
    await this.page.getByRole('button', { name: `Pay ${amount}` }).click();
  }
}
