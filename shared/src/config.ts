/** Runtime configuration served as /config.json; nothing here is compiled into a bundle. */
export interface RuntimeConfig {
  /** Base URL of the Supabase-compatible backend; empty means the page's own origin. */
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** Whether the beta gate stands in front of the app. */
  betaGate: boolean;
  defaultLanguage: string;
}

let current: RuntimeConfig | null = null;

export class ConfigError extends Error {
  override name = 'ConfigError';
}

export function parseRuntimeConfig(raw: unknown): RuntimeConfig {
  if (typeof raw !== 'object' || raw === null) throw new ConfigError('config.json must be a JSON object');
  const r = raw as Record<string, unknown>;
  if (typeof r.supabaseAnonKey !== 'string' || r.supabaseAnonKey === '') {
    throw new ConfigError('config.json: supabaseAnonKey must be a non-empty string');
  }
  if (r.supabaseUrl !== undefined && typeof r.supabaseUrl !== 'string') {
    throw new ConfigError('config.json: supabaseUrl must be a string');
  }
  return {
    supabaseUrl: (r.supabaseUrl as string | undefined) ?? '',
    supabaseAnonKey: r.supabaseAnonKey,
    betaGate: r.betaGate !== false,
    defaultLanguage: typeof r.defaultLanguage === 'string' ? r.defaultLanguage : 'en',
  };
}

export async function loadRuntimeConfig(url = '/config.json'): Promise<RuntimeConfig> {
  // The default cache mode, so the shell's <link rel="preload"> answers it; the file is served no-cache,
  // so the browser still revalidates it on every page load.
  const response = await fetch(url);
  if (!response.ok) throw new ConfigError(`Could not load ${url}: HTTP ${response.status}`);
  const config = parseRuntimeConfig(await response.json());
  setRuntimeConfig(config);
  return config;
}

export function setRuntimeConfig(config: RuntimeConfig): void {
  current = config;
}

export function getRuntimeConfig(): RuntimeConfig {
  if (!current) throw new ConfigError('Runtime config not loaded: call loadRuntimeConfig() first');
  return current;
}

export function hasRuntimeConfig(): boolean {
  return current !== null;
}
