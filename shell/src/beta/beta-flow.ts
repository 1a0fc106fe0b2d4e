import { i18n, loadSupabase, toast, type RuntimeConfig } from '@modula/shared';
import { checkBetaCode, checkSessionGrant, grantFromUrl, readStoredGrant, storeGrant, withoutBetaParam } from './beta-access';
import { betaStore } from './beta-store';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

function welcome(): void {
  toast({ title: i18n.t('shell:beta.grantedTitle'), description: i18n.t('shell:beta.grantedBody'), variant: 'success' });
}

/** Checks a code with the server and opens the gate for good when it is right. */
export async function submitBetaCode(code: string): Promise<void> {
  betaStore.setState({ status: 'checking', error: null });
  const supabase = await loadSupabase().catch(() => null);
  if (!supabase) {
    betaStore.setState({ status: 'closed', error: { key: 'beta.unavailable' } });
    return;
  }
  const check = await checkBetaCode(supabase, code);
  switch (check.result) {
    case 'granted':
      storeGrant(storage());
      betaStore.setState({ status: 'open', error: null });
      welcome();
      return;
    case 'denied':
      betaStore.setState({ status: 'closed', error: { key: 'beta.incorrect' } });
      return;
    case 'empty':
      betaStore.setState({ status: 'closed', error: { key: 'beta.empty' } });
      return;
    case 'rate-limited':
      betaStore.setState({
        status: 'closed',
        error: { key: 'beta.rateLimited', values: { minutes: Math.max(1, Math.ceil(check.retryAfterSeconds / 60)) } },
      });
      return;
    case 'unavailable':
      betaStore.setState({ status: 'closed', error: { key: 'beta.unavailable' } });
  }
}

/** Opens the gate for good when the address's verified=true or tokens stand for a real, confirmed session. */
async function grantForSession(): Promise<void> {
  betaStore.setState({ status: 'checking', error: null });
  const supabase = await loadSupabase().catch(() => null);
  if (supabase && (await checkSessionGrant(supabase))) {
    storeGrant(storage());
    betaStore.setState({ status: 'open', error: null });
    return;
  }
  betaStore.setState({ status: 'closed', error: null });
}

/**
 * Decides at start-up whether the gate stands: switched off in config.json, already granted on this
 * device, or granted by the address (verified=true or auth tokens backed by a confirmed session,
 * ?beta=CODE). Call it after applyAuthHash: the session check creates the supabase client, which
 * reads the tokens from the hash.
 */
export function initBeta(config: RuntimeConfig, url = new URL(window.location.href)): void {
  if (!config.betaGate || readStoredGrant(storage())) {
    betaStore.setState({ status: 'open', error: null });
    return;
  }
  const fromUrl = grantFromUrl(url);
  if (fromUrl.kind === 'session') {
    void grantForSession();
    return;
  }
  if (fromUrl.kind === 'code') {
    window.history.replaceState(window.history.state, '', withoutBetaParam(url));
    void submitBetaCode(fromUrl.code);
    return;
  }
  betaStore.setState({ status: 'closed', error: null });
}
