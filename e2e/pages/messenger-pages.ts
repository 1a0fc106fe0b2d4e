import { expect, type Locator, type Page } from '@playwright/test';

/** The floating messenger on any page: its launcher and its panel, by what a user sees. */
export class MessengerWidget {
  readonly page: Page;
  readonly launcher: Locator;
  readonly panel: Locator;

  constructor(page: Page) {
    this.page = page;
    // The launcher's name says whether it opens or closes, and how many messages are unread.
    this.launcher = page.getByRole('button', { name: /^(Open messenger|Close messenger)/ });
    this.panel = page.getByRole('dialog', { name: 'Messages' });
  }

  async open(): Promise<void> {
    await this.launcher.click();
    await expect(this.panel).toBeVisible();
  }

  /** The thread on screen, named after the other side. */
  thread(name: string | RegExp): Locator {
    return this.panel.getByRole('region', { name: typeof name === 'string' ? `Conversation with ${name}` : name });
  }

  messages(): Locator {
    return this.panel.getByRole('log', { name: 'Messages' });
  }

  message(text: string | RegExp): Locator {
    return this.messages().getByRole('listitem').filter({ hasText: text });
  }

  input(): Locator {
    return this.panel.getByRole('textbox', { name: 'Message' });
  }

  async send(text: string): Promise<void> {
    await this.input().fill(text);
    await this.input().press('Enter');
  }

  async attach(file: { name: string; mimeType: string; buffer: Buffer }): Promise<void> {
    await this.panel.getByTestId('attachment-input').setInputFiles(file);
  }

  button(name: string | RegExp): Locator {
    return this.panel.getByRole('button', { name });
  }

  expandButton(): Locator {
    return this.panel.getByRole('button', { name: /^(Expand messenger|Make messenger narrower)$/ });
  }

  async width(): Promise<number> {
    const box = await this.panel.boundingBox();
    if (!box) throw new Error('the panel is not on screen');
    return Math.round(box.width);
  }
}

/** /customer-dashboard/meetings. */
export class MeetingsPage {
  readonly page: Page;
  readonly main: Locator;

  constructor(page: Page) {
    this.page = page;
    this.main = page.getByRole('main');
  }

  async goto(): Promise<void> {
    await this.page.goto('/customer-dashboard/meetings');
    await expect(this.main.getByRole('heading', { level: 1, name: 'Meetings & tours' })).toBeVisible();
  }

  /** A meeting of the Upcoming or Past section, by its listing's title. */
  meeting(section: 'Upcoming' | 'Past', listingTitle: string): Locator {
    return this.main.getByRole('region', { name: section }).getByRole('listitem').filter({ has: this.page.getByRole('heading', { name: listingTitle }) });
  }
}
