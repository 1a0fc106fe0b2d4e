import { afterEach, beforeAll, describe, expect, jest, test } from '@jest/globals';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ThemeProvider } from 'styled-components';
import { theme, type RuntimeConfig, type SupabaseClient } from '@modula/shared';
import { currentToast, loadTestTranslations, resetToasts, setSupabaseForTesting } from '@modula/shared/testing';
import en from '../locales/shell/en.json';
import { BETA_STORAGE_KEY, checkBetaCode, grantFromUrl, readStoredGrant, storeGrant, withoutBetaParam } from './beta-access';
import { initBeta } from './beta-flow';
import { betaStore } from './beta-store';
import { BetaGate } from './beta-gate';

type Invoke = (name: string, options: { body: { code: string } }) => Promise<{ data: unknown; error: unknown }>;

function fakeFunctions(invoke: Invoke) {
  const spy = jest.fn(invoke);
  return { client: { functions: { invoke: spy } } as unknown as SupabaseClient, spy };
}

/** What functions-js returns for a non-2xx answer: an error whose context is the Response. */
function httpError(status: number, body: unknown) {
  return Object.assign(new Error(`HTTP ${status}`), {
    context: { status, json: async () => body, headers: { get: () => null } },
  });
}

const config: RuntimeConfig = { supabaseUrl: '', supabaseAnonKey: 'anon', betaGate: true, defaultLanguage: 'en' };
const DAY = 24 * 60 * 60 * 1000;

beforeAll(() => loadTestTranslations('shell', en));
afterEach(() => {
  window.localStorage.clear();
  setSupabaseForTesting(null);
  betaStore.setState({ status: 'closed', error: null });
  resetToasts();
  window.history.replaceState(null, '', '/');
});

describe('stored beta access', () => {
  test('lasts 365 days', () => {
    const now = new Date('2026-01-01T00:00:00Z');
    storeGrant(window.localStorage, now);
    expect(readStoredGrant(window.localStorage, new Date(now.getTime() + 364 * DAY))).toBe(true);
    expect(readStoredGrant(window.localStorage, new Date(now.getTime() + 366 * DAY))).toBe(false);
  });

  test('garbage in storage is no grant', () => {
    window.localStorage.setItem(BETA_STORAGE_KEY, '{not json');
    expect(readStoredGrant(window.localStorage)).toBe(false);
  });
});

describe('grants from the address', () => {
  test('verified=true and auth tokens in the hash need a session check; ?beta= must be checked', () => {
    expect(grantFromUrl(new URL('https://m.test/login?verified=true&email=a%40b.c'))).toEqual({ kind: 'session' });
    expect(grantFromUrl(new URL('https://m.test/#access_token=x&refresh_token=y&type=signup'))).toEqual({ kind: 'session' });
    expect(grantFromUrl(new URL('https://m.test/?beta=%20AbC123%20'))).toEqual({ kind: 'code', code: 'AbC123' });
    expect(grantFromUrl(new URL('https://m.test/listings?beta='))).toEqual({ kind: 'none' });
    expect(grantFromUrl(new URL('https://m.test/?verified=false'))).toEqual({ kind: 'none' });
  });

  test('the code is removed from the address, everything else is kept', () => {
    expect(withoutBetaParam(new URL('https://m.test/listings?beta=1&category=homes#top'))).toBe('/listings?category=homes#top');
  });
});

describe('checkBetaCode (the server decides, the code never ships)', () => {
  test('sends the trimmed code to beta-access and reads {granted}', async () => {
    const { client, spy } = fakeFunctions(async () => ({ data: { granted: true }, error: null }));
    expect(await checkBetaCode(client, '  123456 ')).toEqual({ result: 'granted' });
    expect(spy).toHaveBeenCalledWith('beta-access', { body: { code: '123456' } });
  });

  test('a wrong code is denied', async () => {
    const { client } = fakeFunctions(async () => ({ data: { granted: false }, error: null }));
    expect(await checkBetaCode(client, '000000')).toEqual({ result: 'denied' });
  });

  test('blank input is not sent', async () => {
    const { client, spy } = fakeFunctions(async () => ({ data: { granted: true }, error: null }));
    expect(await checkBetaCode(client, '   ')).toEqual({ result: 'empty' });
    expect(spy).not.toHaveBeenCalled();
  });

  test('429 reports the wait', async () => {
    const { client } = fakeFunctions(async () => ({ data: null, error: httpError(429, { error: 'rate_limited', retryAfter: 125 }) }));
    expect(await checkBetaCode(client, '1')).toEqual({ result: 'rate-limited', retryAfterSeconds: 125 });
  });

  test('an unreachable function is "unavailable", never "granted"', async () => {
    const down = fakeFunctions(async () => {
      throw new TypeError('Failed to fetch');
    });
    expect(await checkBetaCode(down.client, '123456')).toEqual({ result: 'unavailable' });
    const missing = fakeFunctions(async () => ({ data: null, error: httpError(404, {}) }));
    expect(await checkBetaCode(missing.client, '123456')).toEqual({ result: 'unavailable' });
  });
});

describe('initBeta', () => {
  test('switched off in config.json: no gate', () => {
    initBeta({ ...config, betaGate: false }, new URL('https://m.test/'));
    expect(betaStore.getState().status).toBe('open');
  });

  test('a stored grant opens the gate; without one it stands', () => {
    initBeta(config, new URL('https://m.test/'));
    expect(betaStore.getState().status).toBe('closed');
    storeGrant(window.localStorage);
    initBeta(config, new URL('https://m.test/'));
    expect(betaStore.getState().status).toBe('open');
  });

  function fakeAuth(getUser: () => Promise<{ data: { user: unknown }; error: unknown }>) {
    const spy = jest.fn(getUser);
    setSupabaseForTesting({ auth: { getUser: spy } } as unknown as SupabaseClient);
    return spy;
  }
  const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

  test('verified=true or tokens with a real session of a confirmed account open the gate and store the grant', async () => {
    for (const address of ['https://m.test/?verified=true', 'https://m.test/#access_token=t&refresh_token=r&type=signup']) {
      window.localStorage.clear();
      const getUser = fakeAuth(async () => ({ data: { user: { id: 'u1', email_confirmed_at: '2026-11-25T10:00:00Z' } }, error: null }));
      initBeta(config, new URL(address));
      expect(betaStore.getState().status).toBe('checking');
      await settle();
      expect(getUser).toHaveBeenCalled();
      expect(betaStore.getState().status).toBe('open');
      expect(readStoredGrant(window.localStorage)).toBe(true);
    }
  });

  test('verified=true or made-up tokens without a confirmed session leave the gate standing (issue 13, item 15)', async () => {
    const refusals = [
      async () => ({ data: { user: null }, error: Object.assign(new Error('Auth session missing!'), { name: 'AuthSessionMissingError' }) }),
      async () => ({ data: { user: { id: 'u2', email_confirmed_at: null } }, error: null }),
      async () => {
        throw new TypeError('Failed to fetch');
      },
    ];
    for (const refusal of refusals) {
      for (const address of ['https://m.test/?verified=true', 'https://m.test/#access_token=anything']) {
        fakeAuth(refusal);
        initBeta(config, new URL(address));
        await settle();
        expect(betaStore.getState().status).toBe('closed');
        expect(betaStore.getState().error).toBeNull();
        expect(readStoredGrant(window.localStorage)).toBe(false);
      }
    }
  });

  test('?beta=CODE is checked, removed from the address, and stored when right', async () => {
    const { client, spy } = fakeFunctions(async () => ({ data: { granted: true }, error: null }));
    setSupabaseForTesting(client);
    window.history.replaceState(null, '', '/listings?beta=123456');
    initBeta(config, new URL(window.location.href));
    expect(window.location.search).toBe('');
    expect(betaStore.getState().status).toBe('checking');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(spy).toHaveBeenCalledWith('beta-access', { body: { code: '123456' } });
    expect(betaStore.getState().status).toBe('open');
    expect(readStoredGrant(window.localStorage)).toBe(true);
    expect(currentToast()).toMatchObject({ title: 'Access granted', description: 'Welcome to the beta.' });
  });
});

describe('the gate screen', () => {
  function renderGate() {
    render(
      <ThemeProvider theme={theme}>
        <BetaGate />
      </ThemeProvider>,
    );
    return { user: userEvent.setup(), input: screen.getByLabelText('Access code') };
  }

  test('says "Beta is now live" and rejects a wrong code with the spec message', async () => {
    setSupabaseForTesting(fakeFunctions(async () => ({ data: { granted: false }, error: null })).client);
    const { user, input } = renderGate();
    expect(screen.getByRole('heading', { level: 1, name: 'Beta is now live' })).toBeTruthy();
    await user.type(input, 'wrong{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect code - Please try again.');
    expect(betaStore.getState().status).toBe('closed');
    expect(readStoredGrant(window.localStorage)).toBe(false);
  });

  test('the right code opens the app for good', async () => {
    setSupabaseForTesting(fakeFunctions(async () => ({ data: { granted: true }, error: null })).client);
    const { user, input } = renderGate();
    await user.type(input, '123456');
    await user.click(screen.getByRole('button', { name: 'Enter the beta' }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(betaStore.getState().status).toBe('open');
    expect(readStoredGrant(window.localStorage)).toBe(true);
  });
});
