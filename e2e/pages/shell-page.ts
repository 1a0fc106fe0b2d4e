import { expect, type Locator, type Page } from '@playwright/test';

/** The shell around every page: header, main content, footer, and the remote slots' fallbacks. */
export class ShellPage {
  readonly page: Page;
  readonly header: Locator;
  readonly main: Locator;
  readonly footer: Locator;
  readonly fallback: Locator;

  constructor(page: Page) {
    this.page = page;
    this.header = page.getByRole('banner');
    this.main = page.getByRole('main');
    this.footer = page.getByRole('contentinfo');
    this.fallback = page.getByRole('alert').filter({ hasText: 'Something went wrong' });
  }

  async goto(path: string): Promise<void> {
    await this.page.goto(path);
    await this.header.waitFor();
  }

  navLink(name: string): Locator {
    return this.header.getByRole('navigation').getByRole('link', { name, exact: true });
  }

  footerLink(name: string): Locator {
    return this.footer.getByRole('link', { name, exact: true });
  }

  languageSelect(): Locator {
    return this.header.getByRole('combobox').first();
  }

  async chooseLanguage(code: string): Promise<void> {
    await this.languageSelect().selectOption(code);
  }

  heading(name: string | RegExp): Locator {
    return this.main.getByRole('heading', { level: 1, name });
  }

  /** Navigates inside the app, keeping this page's memory (as a link click would). */
  async navigateInApp(path: string): Promise<void> {
    await this.page.evaluate((to) => {
      window.history.pushState(null, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, path);
  }

  /** Marks this document; the mark survives in-app navigation and disappears on a full page load. */
  async markDocument(): Promise<void> {
    await this.page.evaluate(() => {
      (window as unknown as { __modulaMark?: number }).__modulaMark = 1;
    });
  }

  /** Whether anything sticks out sideways, so the page scrolls horizontally. */
  async overflowsHorizontally(): Promise<boolean> {
    return this.page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
  }

  async documentIsMarked(): Promise<boolean> {
    return this.page.evaluate(() => (window as unknown as { __modulaMark?: number }).__modulaMark === 1);
  }
}

/** /contact (shell): the contact form anyone may send. */
export class ContactPage {
  readonly page: Page;
  readonly main: Locator;
  constructor(page: Page) {
    this.page = page;
    this.main = page.getByRole('main');
  }

  async goto(): Promise<void> {
    await this.page.goto('/contact');
    await expect(this.main.getByLabel('Subject')).toBeVisible();
  }

  async send(message: { name: string; email: string; subject: string; text: string }): Promise<void> {
    await this.main.getByLabel('Name').fill(message.name);
    await this.main.getByLabel('Email').fill(message.email);
    await this.main.getByLabel('Subject').fill(message.subject);
    await this.main.getByLabel('Message').fill(message.text);
    await this.main.getByRole('button', { name: 'Send message' }).click();
  }
}
