import type { Locator, Page } from '@playwright/test';

export class BetaGatePage {
  readonly page: Page;
  readonly heading: Locator;
  readonly code: Locator;
  readonly submit: Locator;
  readonly error: Locator;

  constructor(page: Page) {
    this.page = page;
    this.heading = page.getByRole('heading', { level: 1, name: 'Beta is now live' });
    this.code = page.getByLabel('Access code');
    this.submit = page.getByRole('button', { name: 'Enter the beta' });
    this.error = page.getByRole('alert');
  }

  async enter(code: string): Promise<void> {
    await this.code.fill(code);
    await this.submit.click();
  }
}
