import { test, expect, createUser, signIn } from '../fixtures/test.ts';
import { ShellPage } from '../pages/shell-page.ts';

test.describe('admin area', () => {
  test('a signed-in customer gets Access Denied with their email', async ({ page, env, admin }) => {
    const user = await createUser(admin);
    await signIn(page, env, user);
    const shell = new ShellPage(page);
    await shell.goto('/admin/analytics');
    await expect(shell.heading('Access Denied')).toBeVisible();
    await expect(shell.main.getByText('This area is restricted to administrators only.')).toBeVisible();
    await expect(shell.main.getByText('Admin permissions required')).toBeVisible();
    await expect(shell.main.getByText(`Signed in as ${user.email}`)).toBeVisible();
    await expect(page.locator('[data-remote="mf_admin"]')).toHaveCount(0);
  });

  test('an administrator reaches the admin remote', async ({ page, env, admin }) => {
    const user = await createUser(admin, { name: 'Ada Admin' });
    const { error } = await admin.from('profiles').update({ role: 'admin' }).eq('id', user.id);
    expect(error).toBeNull();
    await signIn(page, env, user);
    const shell = new ShellPage(page);
    await shell.goto('/admin/analytics');
    await expect(page.locator('[data-remote="mf_admin"]')).not.toBeEmpty();
    await expect(shell.heading('Access Denied')).toHaveCount(0);
  });

  test('a guest is sent to /login', async ({ page }) => {
    const shell = new ShellPage(page);
    await shell.goto('/admin/analytics');
    await expect(page).toHaveURL(/\/login\?next=%2Fadmin%2Fanalytics$/);
  });
});

test('a signed-in user gets the profile menu with dashboard, profile settings, logout and the email', async ({ page, env, admin }) => {
  const user = await createUser(admin, { userType: 'vendor', name: 'Vic Vendor' });
  await signIn(page, env, user);
  const shell = new ShellPage(page);
  await shell.goto('/about');
  await shell.header.getByRole('button', { name: 'Account menu for Vic Vendor' }).click();
  await expect(shell.header.getByText(user.email)).toBeVisible();
  await expect(shell.header.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
  await expect(shell.header.getByRole('link', { name: 'Profile settings' })).toHaveAttribute('href', '/profile');
  await shell.header.getByRole('link', { name: 'Dashboard' }).click();
  // At 1280 px the dashboard's buttons are in the header's menu (the row has no room beside the links).
  await shell.header.getByRole('button', { name: 'Open menu' }).click();
  await expect(shell.header.getByRole('link', { name: 'Create Listing' })).toBeVisible();
  await expect(shell.header.getByRole('link', { name: 'Upgrade', exact: true })).toHaveAttribute('href', '/pricing');
  await shell.header.getByRole('button', { name: 'Account menu for Vic Vendor' }).click();
  await shell.header.getByRole('button', { name: 'Log out' }).click();
  await expect(page).toHaveURL(/\/login$/);
  await expect(shell.header.getByRole('link', { name: 'Sign Up' })).toBeVisible();
});
