import { getSupabase, i18n, toast, type RuntimeConfig } from '@modula/shared';
import { checkBetaCode, grantFromUrl, readStoredGrant, storeGrant, withoutBetaParam } from './beta-access';
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
  const check = await checkBetaCode(getSupabase(), code);
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

/**
 * Decides at start-up whether the gate stands: switched off in config.json, already granted on this
 * device, or granted by the address (verified=true, auth tokens, ?beta=CODE).
 */
export function initBeta(config: RuntimeConfig, url = new URL(window.location.href)): void {
  if (!config.betaGate || readStoredGrant(storage())) {
    betaStore.setState({ status: 'open', error: null });
    return;
  }
  const fromUrl = grantFromUrl(url);
  if (fromUrl.kind === 'granted') {
    storeGrant(storage());
    betaStore.setState({ status: 'open', error: null });
    return;
  }
  if (fromUrl.kind === 'code') {
    window.history.replaceState(window.history.state, '', withoutBetaParam(url));
    void submitBetaCode(fromUrl.code);
    return;
  }
  betaStore.setState({ status: 'closed', error: null });
}
