import { afterEach, describe, expect, jest, test } from '@jest/globals';
import type { SupabaseClient } from '@modula/shared';
import { applyAuthHash, classifyAuthHash, finishAuthHash } from './auth-hash';

afterEach(() => window.history.replaceState(null, '', '/'));

describe('auth hash handling (spec section 4)', () => {
  test('classifies what an email link lands with', () => {
    expect(classifyAuthHash('')).toEqual({ kind: 'none' });
    expect(classifyAuthHash('#section-2')).toEqual({ kind: 'none' });
    expect(classifyAuthHash('#error=access_denied&error_code=otp_expired&error_description=Email+link+is+invalid')).toEqual({ kind: 'error' });
    expect(classifyAuthHash('#access_token=a&refresh_token=r&type=recovery')).toEqual({ kind: 'recovery' });
    expect(classifyAuthHash('#access_token=a&refresh_token=r&expires_in=3600&type=signup')).toEqual({ kind: 'session', type: 'signup' });
    expect(classifyAuthHash('#access_token=a&type=signup')).toEqual({ kind: 'none' });
  });

  test('an error in the hash is ignored: the hash is dropped, the page stays', () => {
    window.history.replaceState(null, '', '/listings?x=1#error=access_denied&error_description=expired');
    expect(applyAuthHash(window.location, window.history)).toEqual({ kind: 'error' });
    expect(`${window.location.pathname}${window.location.search}${window.location.hash}`).toBe('/listings?x=1');
  });

  test('a recovery link goes to /reset-password keeping the hash', () => {
    window.history.replaceState(null, '', '/#access_token=a&refresh_token=r&type=recovery');
    applyAuthHash(window.location, window.history);
    expect(window.location.pathname).toBe('/reset-password');
    expect(window.location.hash).toBe('#access_token=a&refresh_token=r&type=recovery');
  });

  test('after a sign-up link, a welcome email is requested, then the user lands on /?verified=true', async () => {
    const invoke = jest.fn(async (_name: string, _options: unknown) => ({ data: { sent: true }, error: null }));
    const user = { email: 'new@example.com', user_metadata: { name: 'Nia', user_type: 'vendor' } };
    const supabase = {
      auth: { getSession: async () => ({ data: { session: { user } }, error: null }) },
      functions: { invoke },
    } as unknown as SupabaseClient;
    window.history.replaceState(null, '', '/somewhere');
    await finishAuthHash({ kind: 'session', type: 'signup' }, supabase, window.history);
    expect(invoke.mock.calls).toEqual([['auth-email', { body: { to: 'new@example.com', type: 'welcome', name: 'Nia', userType: 'vendor' } }]]);
    expect(`${window.location.pathname}${window.location.search}`).toBe('/?verified=true');
  });

  test('a magic-link session neither sends a welcome email nor moves the page', async () => {
    const invoke = jest.fn();
    const supabase = {
      auth: { getSession: async () => ({ data: { session: { user: { email: 'a@b.c', user_metadata: {} } } }, error: null }) },
      functions: { invoke },
    } as unknown as SupabaseClient;
    window.history.replaceState(null, '', '/profile');
    await finishAuthHash({ kind: 'session', type: 'magiclink' }, supabase, window.history);
    expect(invoke).not.toHaveBeenCalled();
    expect(window.location.pathname).toBe('/profile');
  });
});
