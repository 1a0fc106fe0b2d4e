import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import type { FunctionHandler } from '../../../supabase/functions/_shared/host.ts';

export interface DeployedFunction {
  name: string;
  handler: FunctionHandler;
  /** As supabase/config.toml says ([functions.<name>] verify_jwt); Supabase's default is true. */
  verifyJwt: boolean;
}

const FUNCTION_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]*$/;

function verifyJwtSettings(supabaseDir: string): Map<string, boolean> {
  const file = path.join(supabaseDir, 'config.toml');
  const settings = new Map<string, boolean>();
  if (!fs.existsSync(file)) return settings;
  const config = parseToml(fs.readFileSync(file, 'utf8')) as { functions?: Record<string, { verify_jwt?: unknown }> };
  for (const [name, entry] of Object.entries(config.functions ?? {})) {
    if (entry.verify_jwt === undefined) continue;
    if (typeof entry.verify_jwt !== 'boolean') throw new Error(`supabase/config.toml: functions.${name}.verify_jwt must be true or false`);
    settings.set(name, entry.verify_jwt);
  }
  return settings;
}

/**
 * Loads every function under supabase/functions/<name>/index.ts, as the Supabase CLI deploys them:
 * folders starting with "_" or "." are shared code, not functions.
 */
export async function loadFunctions(supabaseDir: string): Promise<Map<string, DeployedFunction>> {
  const root = path.join(supabaseDir, 'functions');
  const verifyJwt = verifyJwtSettings(supabaseDir);
  const functions = new Map<string, DeployedFunction>();
  if (!fs.existsSync(root)) return functions;
  for (const entry of fs.readdirSync(root, { withFileTypes: true })) {
    if (!entry.isDirectory() || !FUNCTION_NAME.test(entry.name)) continue;
    const file = path.join(root, entry.name, 'index.ts');
    if (!fs.existsSync(file)) continue;
    const module = (await import(pathToFileURL(file).href)) as { default?: unknown };
    if (typeof module.default !== 'function') {
      throw new Error(`supabase/functions/${entry.name}/index.ts must export its handler as the default export`);
    }
    functions.set(entry.name, {
      name: entry.name,
      handler: module.default as FunctionHandler,
      verifyJwt: verifyJwt.get(entry.name) ?? true,
    });
  }
  return functions;
}
