import net from 'node:net';
import { test, expect, withRegistry } from '../fixtures/test.ts';
import { ShellPage } from '../pages/shell-page.ts';
import { DeploymentStatusPage } from '../pages/deployment-status-page.ts';

test.describe('a remote that is down', () => {
  test('a dead manifest URL shows the fallback in its slot while the rest works', async ({ page }) => {
    await withRegistry(page, (remotes) =>
      remotes.map((r) => (r.name === 'mf_vendor' ? { ...r, manifest: '/remotes/mf-vendor/0.0.0+gone/mf-manifest.json' } : r)),
    );
    const shell = new ShellPage(page);
    await shell.goto('/pricing');
    await expect(shell.fallback).toBeVisible();
    await expect(shell.fallback.getByRole('button', { name: 'Try Again' })).toBeVisible();
    await expect(shell.fallback.getByRole('button', { name: 'Refresh Page' })).toBeVisible();
    // The shell and the other remotes still work.
    await expect(shell.navLink('Listings')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Open messenger' })).toBeVisible();
    await shell.navLink('About').click();
    await expect(shell.heading('About Modula')).toBeVisible();
    await shell.navLink('Listings').click();
    await expect(page.locator('[data-remote="mf_catalog"]')).not.toBeEmpty();

    await shell.navigateInApp('/deployment-status');
    const status = new DeploymentStatusPage(page);
    await expect(status.state('mf_vendor')).toContainText('Failed');
    await expect(status.state('mf_vendor')).toContainText('manifest');
    await expect(status.state('mf_catalog')).toHaveText('Loaded');
  });

  test('a server that accepts and never answers times out into the fallback', async ({ page }) => {
    // A TCP server that accepts connections and never writes a byte.
    const sockets = new Set<net.Socket>();
    const hang = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => hang.listen(0, '127.0.0.1', resolve));
    const { port } = hang.address() as net.AddressInfo;
    try {
      await withRegistry(page, (remotes) =>
        remotes.map((r) => (r.name === 'mf_vendor' ? { ...r, manifest: '/remotes/mf-vendor/hanging/mf-manifest.json' } : r)),
      );
      // Same-origin for the page (so the CSP allows it), answered by the hanging server on the wire.
      await page.route('**/remotes/mf-vendor/hanging/**', (route) => route.continue({ url: `http://127.0.0.1:${port}/mf-manifest.json` }));
      const shell = new ShellPage(page);
      await shell.goto('/pricing');
      await expect(page.getByRole('status', { name: 'Loading…' })).toBeVisible();
      await expect(shell.fallback).toBeVisible({ timeout: 20_000 });
      expect(sockets.size).toBeGreaterThan(0);
      await shell.navLink('Services').click();
      await expect(page.locator('[data-remote="mf_catalog"]')).not.toBeEmpty();

      await shell.navigateInApp('/deployment-status');
      await expect(new DeploymentStatusPage(page).state('mf_vendor')).toContainText('timed out');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => hang.close(resolve));
    }
  });

  test('a remote built against another contract major is refused and reported', async ({ page }) => {
    await withRegistry(page, (remotes) => remotes.map((r) => (r.name === 'mf_vendor' ? { ...r, contract: '2.0.0' } : r)));
    const shell = new ShellPage(page);
    await shell.goto('/pricing');
    await expect(shell.fallback).toBeVisible();
    await shell.navigateInApp('/deployment-status');
    await expect(new DeploymentStatusPage(page).state('mf_vendor')).toContainText('refused: contract 2.0.0');
  });
});
