import { expect, type Locator, type Page } from '@playwright/test';

/** /pricing (mf-vendor), by what a vendor sees. */
export class PricingPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async goto(): Promise<void> {
    await this.page.goto('/pricing');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Plans for vendors' })).toBeVisible();
    await expect(this.plan('Pro')).toBeVisible();
  }

  plan(name: string): Locator {
    return this.page.getByRole('region', { name, exact: true });
  }

  async billYearly(): Promise<void> {
    await this.page.getByRole('button', { name: 'Yearly' }).click();
  }

  async choose(name: string): Promise<void> {
    await this.plan(name).getByRole('button', { name: `Choose ${name}` }).click();
  }
}

/** The local test provider's checkout page (/checkout/test/:session). */
export class TestCheckoutPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async expectFor(plan: string): Promise<void> {
    await expect(this.page).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}$/);
    await expect(this.page.getByRole('heading', { level: 1, name: `Pay for the ${plan} plan` })).toBeVisible();
  }

  async expectForDeposit(reference: RegExp | string): Promise<void> {
    await expect(this.page).toHaveURL(/\/checkout\/test\/[0-9a-f-]{36}$/);
    const name = typeof reference === 'string' ? `Deposit for order ${reference}` : new RegExp(`^Deposit for order ${reference.source}$`);
    await expect(this.page.getByRole('heading', { level: 1, name })).toBeVisible();
  }

  async pay(card: { number: string; expiry: string; cvc: string }): Promise<void> {
    await this.page.getByLabel('Card number').fill(card.number);
    await this.page.getByLabel('Expiry date (MM/YY)').fill(card.expiry);
    await this.page.getByLabel('Security code (CVC)').fill(card.cvc);
    await this.page.getByRole('button', { name: /^Pay / }).click();
  }

  problem(): Locator {
    return this.page.getByRole('alert');
  }
}
