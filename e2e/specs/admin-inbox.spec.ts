import type { Browser, Page } from '@playwright/test';
import type { SupabaseClient } from '@supabase/supabase-js';
import { test, expect, createUser, signIn, publishedHomeId, type TestUser } from '../fixtures/test.ts';
import { CONTACT_NOTIFY_EMAIL, type E2eEnvironment } from '../fixtures/environment.ts';
import { ContactPage } from '../pages/shell-page.ts';
import { ListingDetailPage, toastRegion } from '../pages/catalog-pages.ts';
import { ContactInboxPage, ReportsQueuePage } from '../pages/admin-pages.ts';

/**
 * A fresh administrator, signed in on `page` without the login form: the demo admin's sign-ins are
 * counted per email (5 a window), and admin.spec.ts needs those.
 */
async function signInAsNewAdmin(page: Page, env: E2eEnvironment, admin: SupabaseClient): Promise<TestUser> {
  const user = await createUser(admin, { name: 'Ida Inbox' });
  const { error } = await admin.from('profiles').update({ role: 'admin' }).eq('id', user.id);
  expect(error).toBeNull();
  await signIn(page, env, user);
  return user;
}

/** A second browser (beta access granted) for the other person of the story. */
async function otherBrowser(browser: Browser, env: E2eEnvironment): Promise<Page> {
  const context = await browser.newContext({ baseURL: env.baseUrl });
  await context.addInitScript(() => {
    const now = Date.now();
    window.localStorage.setItem('modula.betaAccess', JSON.stringify({ grantedAt: new Date(now).toISOString(), expiresAt: new Date(now + 365 * 864e5).toISOString() }));
  });
  return context.newPage();
}

interface InboxMail {
  to: string;
  subject: string;
  text: string;
}

/** Waits for a mail with `subject` to `to` in the backend's local inbox (/dev/inbox.json). */
async function mailTo(page: Page, env: E2eEnvironment, to: string, subject: string): Promise<InboxMail> {
  let found: InboxMail | undefined;
  await expect
    .poll(
      async () => {
        const response = await page.request.get(`${env.backendUrl}/dev/inbox.json?to=${encodeURIComponent(to)}`);
        found = ((await response.json()) as InboxMail[]).find((mail) => mail.subject === subject);
        return found ?? null;
      },
      { message: `"${subject}" to ${to}`, timeout: 45_000 },
    )
    .not.toBeNull();
  return found!;
}

test('a customer reports a listing and an administrator resolves the report', async ({ page, browser, env, admin }) => {
  test.setTimeout(120_000);
  const id = await publishedHomeId(admin);
  const { data, error } = await admin.from('listings').select('title').eq('id', id).single();
  expect(error).toBeNull();
  const title = (data as { title: string }).title;

  const customer = await createUser(admin, { name: 'Rita Reporter' });
  const customerPage = await otherBrowser(browser, env);
  await signIn(customerPage, env, customer);
  const listing = new ListingDetailPage(customerPage);
  await listing.goto(id);
  await listing.report(title, 'Fraud or scam', 'E2E: asks for a deposit by wire transfer');
  await expect(toastRegion(customerPage)).toContainText('Thank you. The Modula team will look at your report.');
  await customerPage.context().close();

  const moderator = await signInAsNewAdmin(page, env, admin);
  await page.goto('/admin/analytics');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Reports' }).click();
  const queue = new ReportsQueuePage(page);
  await expect(queue.main.getByRole('heading', { level: 1, name: 'Reports' })).toBeVisible();
  const row = queue.row(title, customer.email);
  await expect(row.getByText('Fraud or scam')).toBeVisible();
  await expect(row.getByText('E2E: asks for a deposit by wire transfer')).toBeVisible();
  await expect(row.getByRole('link', { name: title })).toHaveAttribute('href', `/listings/${id}`);
  await queue.decide(title, customer.email, 'Resolve', 'E2E: vendor asked to use Modula checkout');
  await expect(row).toHaveCount(0);

  await queue.goto('resolved');
  await expect(queue.row(title, customer.email).getByText('E2E: vendor asked to use Modula checkout')).toBeVisible();
  const { data: reports } = await admin.from('reports').select('id,status,resolution_note').eq('reporter_id', customer.id);
  expect(reports).toEqual([expect.objectContaining({ status: 'resolved', resolution_note: 'E2E: vendor asked to use Modula checkout' })]);
  const reportId = (reports as { id: string }[])[0]!.id;
  const { data: audit } = await admin.from('admin_audit_log').select('action,actor_email,reason').eq('target_type', 'report').eq('target_id', reportId);
  expect(audit).toEqual([{ action: 'report.resolve', actor_email: moderator.email, reason: 'E2E: vendor asked to use Modula checkout' }]);
});

test('a guest\'s contact message reaches the operator, and the administrator\'s reply lands in the guest\'s inbox', async ({ page, browser, env, admin }) => {
  test.setTimeout(120_000);
  const stamp = Date.now().toString(36);
  const guest = { name: 'Gina Guest', email: `e2e-guest-${stamp}@example.com`, subject: `Delivery to Malta ${stamp}`, text: 'Do you deliver modular homes to Malta?' };
  const guestPage = await otherBrowser(browser, env);
  const contact = new ContactPage(guestPage);
  await contact.goto();
  await contact.send(guest);
  await expect(guestPage.getByText('Thanks for your message! We\'ll get back to you soon.')).toBeVisible();
  await guestPage.context().close();

  const notice = await mailTo(page, env, CONTACT_NOTIFY_EMAIL, `New contact message: ${guest.subject}`);
  expect(notice.text).toContain(guest.text);
  expect(notice.text).toContain(`/admin/messages`);

  await signInAsNewAdmin(page, env, admin);
  await page.goto('/admin/analytics');
  await page.getByRole('navigation', { name: 'Admin sections' }).getByRole('link', { name: 'Contact messages' }).click();
  const inbox = new ContactInboxPage(page);
  await expect(inbox.message(guest.subject).getByText(guest.text)).toBeVisible();
  await expect(inbox.message(guest.subject).getByText(guest.email)).toBeVisible();
  await inbox.reply(guest.subject, guest.name, 'Yes: we deliver to Malta by sea freight in about three weeks.');
  await expect(inbox.message(guest.subject)).toHaveCount(0);

  await inbox.goto('answered', stamp);
  await expect(inbox.message(guest.subject).getByText('Yes: we deliver to Malta by sea freight in about three weeks.')).toBeVisible();
  const reply = await mailTo(page, env, guest.email, `Modula’s answer: ${guest.subject}`);
  expect(reply.text).toContain('Yes: we deliver to Malta by sea freight in about three weeks.');
  expect(reply.text).toContain(guest.text);

  await inbox.message(guest.subject).getByRole('button', { name: `Archive “${guest.subject}”` }).click();
  await expect(inbox.message(guest.subject)).toHaveCount(0);
  await inbox.goto('archived', stamp);
  await expect(inbox.message(guest.subject)).toBeVisible();
});
