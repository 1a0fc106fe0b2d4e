import { parseRegistry, RegistryError, type Registry } from '@modula/shared';

export type RegistryResult = { registry: Registry; error: null } | { registry: Registry; error: string };

/**
 * Fetches /remotes.json, served no-cache so a deploy shows on the next page load (the default cache mode
 * revalidates it, and lets the preload in index.html answer the request). A missing or invalid
 * registry leaves the shell running with no remotes and the reason on /deployment-status.
 */
export async function loadRegistry(url = '/remotes.json', fetchImpl: typeof fetch = fetch): Promise<RegistryResult> {
  const empty: Registry = { remotes: [] };
  let raw: unknown;
  try {
    const response = await fetchImpl(url);
    if (!response.ok) return { registry: empty, error: `${url} answered HTTP ${response.status}` };
    raw = await response.json();
  } catch (error) {
    return { registry: empty, error: `${url} could not be read: ${error instanceof Error ? error.message : String(error)}` };
  }
  try {
    return { registry: parseRegistry(raw), error: null };
  } catch (error) {
    if (error instanceof RegistryError) return { registry: empty, error: error.message };
    throw error;
  }
}
