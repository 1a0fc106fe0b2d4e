import { expect, type Locator, type Page } from '@playwright/test';

/** /admin/analytics (mf-admin). */
export class AnalyticsPage {
  readonly page: Page;
  readonly main: Locator;
  constructor(page: Page) {
    this.page = page;
    this.main = page.getByRole('main');
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/admin/analytics${query}`);
    await this.loaded();
  }

  async loaded(): Promise<void> {
    await expect(this.main.getByRole('heading', { level: 1, name: 'Analytics' })).toBeVisible();
    await expect(this.figure('Visitors')).toBeVisible();
  }

  /** A headline figure's card (its heading is the figure's name). */
  figure(name: string): Locator {
    return this.main.getByRole('listitem').filter({ has: this.page.getByRole('heading', { level: 3, name, exact: true }) });
  }

  /** The number a headline figure shows, read as an integer (en formatting). */
  async figureValue(name: string): Promise<number> {
    const text = await this.figure(name).locator('.value').innerText();
    return Number(text.replace(/[^0-9.-]/g, ''));
  }

  period(name: string): Locator {
    return this.main.getByRole('radio', { name, exact: true });
  }

  table(caption: string): Locator {
    return this.main.getByRole('table', { name: caption });
  }

  csvButton(caption: string): Locator {
    return this.main.getByRole('button', { name: `Download CSV – ${caption}` });
  }

  chart(name: RegExp): Locator {
    return this.main.getByRole('img', { name });
  }
}

/** /admin/listings (mf-admin): search, unpublish and republish. */
export class ModerationListingsPage {
  readonly page: Page;
  readonly main: Locator;
  constructor(page: Page) {
    this.page = page;
    this.main = page.getByRole('main');
  }

  async search(text: string): Promise<void> {
    await this.page.goto(`/admin/listings?q=${encodeURIComponent(text)}`);
    await expect(this.main.getByRole('heading', { level: 1, name: 'Listings' })).toBeVisible();
  }

  row(title: string): Locator {
    return this.main.getByRole('row').filter({ hasText: title });
  }

  async unpublish(title: string, reason: string): Promise<void> {
    await this.row(title).getByRole('button', { name: `Unpublish “${title}”` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Unpublish “${title}”` });
    await dialog.getByLabel('Reason').fill(reason);
    await dialog.getByRole('button', { name: 'Unpublish', exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}

/** /admin/reports (mf-admin): the queue of reports, resolved or dismissed with a note. */
export class ReportsQueuePage {
  readonly page: Page;
  readonly main: Locator;
  constructor(page: Page) {
    this.page = page;
    this.main = page.getByRole('main');
  }

  async goto(status: 'open' | 'resolved' | 'dismissed' | 'all' = 'open'): Promise<void> {
    await this.page.goto(`/admin/reports?status=${status}`);
    await expect(this.main.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  }

  /** The row of a report about `title` by `reporter`. */
  row(title: string, reporter: string): Locator {
    return this.main.getByRole('row').filter({ hasText: title }).filter({ hasText: reporter });
  }

  async decide(title: string, reporter: string, decision: 'Resolve' | 'Dismiss', note: string): Promise<void> {
    const name = `${decision} the report about “${title}”`;
    await this.row(title, reporter).getByRole('button', { name }).click();
    const dialog = this.page.getByRole('dialog', { name });
    await dialog.getByLabel('Note').fill(note);
    await dialog.getByRole('button', { name: decision, exact: true }).click();
    await expect(dialog).toBeHidden();
  }
}

/** /admin/messages (mf-admin): the contact inbox; reply by email, archive. */
export class ContactInboxPage {
  readonly page: Page;
  readonly main: Locator;
  constructor(page: Page) {
    this.page = page;
    this.main = page.getByRole('main');
  }

  async goto(status: 'new' | 'answered' | 'archived' | 'all' = 'new', query = ''): Promise<void> {
    await this.page.goto(`/admin/messages?status=${status}&q=${encodeURIComponent(query)}`);
    await expect(this.main.getByRole('heading', { level: 1, name: 'Contact messages' })).toBeVisible();
  }

  message(subject: string): Locator {
    return this.main.getByRole('article', { name: subject });
  }

  async reply(subject: string, sender: string, text: string): Promise<void> {
    await this.message(subject).getByRole('button', { name: `Reply to “${subject}”` }).click();
    const dialog = this.page.getByRole('dialog', { name: `Reply to ${sender}: ${subject}` });
    await dialog.getByLabel('Your reply').fill(text);
    await dialog.getByRole('button', { name: 'Send reply' }).click();
    await expect(dialog).toBeHidden();
  }
}
