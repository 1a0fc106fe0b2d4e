import type { FastifyInstance } from 'fastify';
import type { AuthDeps } from '../sessions.ts';

/** GET /settings, /health and the JWKS: what the client and operators read about the server. */
export function registerMeta(app: FastifyInstance, deps: AuthDeps): void {
  const { config, keys } = deps.ctx;

  app.get('/settings', async () => ({
    external: { email: true, phone: false, anonymous_users: false },
    disable_signup: false,
    mailer_autoconfirm: config.autoconfirm,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
  }));

  app.get('/health', async () => ({
    version: 'modula',
    name: 'GoTrue',
    description: 'Modula auth server: the GoTrue API subset supabase-js uses',
  }));

  app.get('/.well-known/jwks.json', async (_request, reply) => {
    reply.header('Cache-Control', 'public, max-age=600');
    return keys.jwks;
  });
}
