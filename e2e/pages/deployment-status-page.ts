import type { Locator, Page } from '@playwright/test';

export class DeploymentStatusPage {
  readonly page: Page;

  constructor(page: Page) {
    this.page = page;
  }

  row(name: string): Locator {
    return this.page.getByRole('row').filter({ has: this.page.getByRole('rowheader', { name, exact: true }) });
  }

  state(name: string): Locator {
    return this.row(name).getByRole('cell').last();
  }

  async loadAll(): Promise<void> {
    await this.page.getByRole('button', { name: 'Load every remote now' }).click();
  }
}
