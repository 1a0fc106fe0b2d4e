import { useEffect } from 'react';
import { useAuth } from '../services/api';
import { db } from '../services/client';
import { CLAIM_KEY, visitorId } from './tracking';

// A guest who clicks a sponsored card and then signs in is still the same visitor (the same address and
// visitor id): once signed in, the catalogue asks the server to attach those clicks to the account, so a
// conversation or meeting request that follows counts as the campaign's lead (issue 16).

const LEAD_WINDOW_MS = 7 * 86_400_000;

/** Mounted by the catalogue's root: claims a guest's clicks once the visitor is signed in. */
export function useClaimAdClicks(): void {
  const userId = useAuth((s) => (s.isLoggedIn ? (s.user?.id ?? null) : null));
  useEffect(() => {
    if (!userId) return;
    let since: number;
    try {
      since = Number(window.localStorage.getItem(CLAIM_KEY) ?? 0);
    } catch {
      return;
    }
    if (!since) return;
    if (Date.now() - since > LEAD_WINDOW_MS) {
      window.localStorage.removeItem(CLAIM_KEY);
      return;
    }
    void db()
      .rpc('claim_ad_clicks', { visitor_id: visitorId() })
      .then(({ error }) => {
        if (!error) window.localStorage.removeItem(CLAIM_KEY);
      });
  }, [userId]);
}
