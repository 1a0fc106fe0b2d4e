import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Config } from '../config.ts';
import type { Logger } from '../log.ts';

const FILE = 'beta-access-code';

function readCode(file: string): string {
  const code = fs.readFileSync(file, 'utf8').trim();
  if (!/^\S{4,64}$/.test(code)) throw new Error(`${file} does not hold a valid beta access code; delete it to generate a new one`);
  return code;
}

/**
 * The beta code the beta-access function checks: BETA_ACCESS_CODE when set; otherwise, outside
 * production, a six-digit code generated once and kept in the data dir (several processes sharing
 * the dir agree: the first exclusive write wins). Production without a code leaves the gate shut.
 */
export function resolveBetaAccessCode(config: Config, log: Logger): string | undefined {
  if (config.betaAccessCode) return config.betaAccessCode;
  if (config.mode === 'production') {
    if (config.betaGate) log.warn('BETA_ACCESS_CODE is not set: nobody can pass the beta gate (set it, or BETA_GATE=off)');
    return undefined;
  }
  fs.mkdirSync(config.dataDir, { recursive: true });
  const file = path.join(config.dataDir, FILE);
  let code: string;
  if (fs.existsSync(file)) {
    code = readCode(file);
  } else {
    code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    try {
      fs.writeFileSync(file, `${code}\n`, { flag: 'wx', mode: 0o600 });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      code = readCode(file);
    }
  }
  if (config.betaGate) log.info(`Beta access code: ${code} (kept in ${file}; set BETA_ACCESS_CODE to choose it)`);
  return code;
}
