// What every payment checkout a signed-in user starts reads first: a POST by an authenticated caller
// naming one record by its uuid ({"order_id": ...}, {"topup_id": ...}), and the site the provider
// sends the payer back to.
import { HttpError, readJsonObject, type FunctionHost } from '../host.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export interface CheckoutRequest {
  user: { id: string; email: string };
  /** The uuid the body named under the requested field. */
  id: string;
  /** SITE_URL without a trailing slash, for the success and cancel addresses. */
  site: string;
}

export async function readCheckoutRequest(request: Request, host: FunctionHost, field: string): Promise<CheckoutRequest> {
  if (request.method !== 'POST') throw new HttpError(405, { error: 'method_not_allowed', message: 'Use POST.' }, { Allow: 'POST' });
  const claims = host.claims;
  if (claims?.role !== 'authenticated' || typeof claims.sub !== 'string') throw new HttpError(401, { error: 'unauthorized', message: 'Sign in to pay.' });
  const body = await readJsonObject(request);
  const value = body[field];
  if (typeof value !== 'string' || !UUID.test(value)) throw new HttpError(400, { error: 'invalid_request', message: `Send {"${field}": "<uuid>"}.` });
  return {
    user: { id: claims.sub, email: typeof claims.email === 'string' ? claims.email : '' },
    id: value,
    site: (host.env.SITE_URL ?? '').replace(/\/+$/, ''),
  };
}
