// The system Chromium (Debian package), never a downloaded browser. Flags from the stack report:
// no sandbox (containers), no GPU, no background traffic that would skew network measurements.
import fs from 'node:fs';

export const CHROMIUM_CANDIDATES = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

export function findChromium(): string | null {
  const explicit = process.env.CHROMIUM_PATH;
  if (explicit) return fs.existsSync(explicit) ? explicit : null;
  return CHROMIUM_CANDIDATES.find((candidate) => fs.existsSync(candidate)) ?? null;
}

export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
