import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_ARGS, findChromium } from './chromium.ts';

const executablePath = findChromium() ?? undefined;

export default defineConfig({
  testDir: path.join(import.meta.dirname, 'specs'),
  globalSetup: path.join(import.meta.dirname, 'fixtures', 'global-setup.ts'),
  outputDir: path.join(import.meta.dirname, 'test-results'),
  // One backend and one deploy root for the run; specs that change the deploy restore it.
  workers: 1,
  fullyParallel: false,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? [['list'], ['json', { outputFile: path.join(import.meta.dirname, 'test-results', 'results.json') }]] : 'list',
  use: {
    baseURL: process.env.E2E_BASE_URL,
    browserName: 'chromium',
    launchOptions: { executablePath, args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
});
