import { expect, type Locator, type Page } from '@playwright/test';

/** The mf-auth screens, by what a user sees: labels, buttons and headings. */
export class SignupPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async goto(): Promise<void> {
    await this.page.goto('/signup');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Join Today' })).toBeVisible();
  }

  async fill(values: { name: string; email: string; password: string; type: 'Customer' | 'Vendor' }): Promise<void> {
    await this.page.getByLabel('Full name').fill(values.name);
    await this.page.getByLabel('Email address').fill(values.email);
    await this.page.getByLabel('Password', { exact: true }).fill(values.password);
    await this.page.getByRole('radio', { name: values.type }).check();
    await this.page.getByRole('checkbox', { name: /I agree to the Terms of Service/ }).check();
  }

  async submit(): Promise<void> {
    await this.page.getByRole('button', { name: 'Create account' }).click();
  }
}

export class LoginPage {
  readonly page: Page;
  readonly alert: Locator;
  constructor(page: Page) {
    this.page = page;
    this.alert = page.getByRole('main').getByRole('alert');
  }

  async goto(path = '/login'): Promise<void> {
    await this.page.goto(path);
    await expect(this.page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  }

  async logIn(email: string, password: string): Promise<void> {
    await this.page.getByLabel('Email address').fill(email);
    await this.page.getByLabel('Password', { exact: true }).fill(password);
    await this.page.getByRole('button', { name: 'Log in', exact: true }).click();
  }

  /** Submits the filled form and waits for the auth server's answer to that attempt. */
  async submitAndWaitForAnswer(): Promise<number> {
    const [response] = await Promise.all([
      this.page.waitForResponse((r) => r.url().includes('/auth/v1/token') && r.request().method() === 'POST'),
      this.page.getByRole('button', { name: 'Log in', exact: true }).click(),
    ]);
    return response.status();
  }

  /** Offered next to the rate-limit message: a one-time link by email instead of the password. */
  signInLinkButton(): Locator {
    return this.page.getByRole('button', { name: 'Email me a sign-in link' });
  }

  demoButton(type: 'customer' | 'vendor'): Locator {
    return this.page.getByRole('button', { name: type === 'customer' ? 'Try the demo customer' : 'Try the demo vendor' });
  }
}

export class ForgotPasswordPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async requestLink(email: string): Promise<void> {
    await this.page.goto('/forgot-password');
    await this.page.getByLabel('Email address').fill(email);
    await this.page.getByRole('button', { name: 'Send Reset Link' }).click();
    await expect(this.page.getByRole('heading', { level: 1, name: 'Check your email' })).toBeVisible();
  }
}

export class ResetPasswordPage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async choose(password: string): Promise<void> {
    await expect(this.page.getByRole('heading', { level: 1, name: 'Choose a new password' })).toBeVisible();
    await this.page.getByLabel('New password', { exact: true }).fill(password);
    await this.page.getByLabel('Confirm new password').fill(password);
    await this.page.getByRole('button', { name: 'Save new password' }).click();
  }
}

export class ProfilePage {
  readonly page: Page;
  constructor(page: Page) {
    this.page = page;
  }

  async goto(): Promise<void> {
    await this.page.goto('/profile');
    await expect(this.page.getByRole('heading', { level: 1, name: 'Profile settings' })).toBeVisible();
  }

  async rename(name: string): Promise<void> {
    await this.page.getByLabel('Full name').fill(name);
    await this.page.getByRole('button', { name: 'Save changes' }).click();
  }
}

interface InboxMail {
  to: string;
  subject: string;
  links: string[];
  sent_at: string;
}

/**
 * The backend's local inbox (/dev/inbox.json, embedded mode): waits for the newest mail to an address
 * with a link of the given type, and returns that link as the user would click it.
 */
export async function emailedLink(page: Page, backendUrl: string, to: string, type: 'signup' | 'recovery' | 'magiclink'): Promise<string> {
  let link: string | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${backendUrl}/dev/inbox.json?to=${encodeURIComponent(to)}`);
        const mails = (await response.json()) as InboxMail[];
        link = mails.flatMap((mail) => mail.links).find((l) => l.includes('/auth/v1/verify') && new URL(l).searchParams.get('type') === type);
        return link ?? null;
      },
      { message: `a ${type} email to ${to}`, timeout: 20_000 },
    )
    .not.toBeNull();
  return link!;
}
