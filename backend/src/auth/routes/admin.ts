import type { FastifyInstance } from 'fastify';
import type { DatabaseError } from '../../db/types.ts';
import { audit } from '../audit.ts';
import { notFound, unprocessable, validationFailed } from '../errors.ts';
import { requireServiceRole } from '../guard.ts';
import { hashPassword } from '../hashing.ts';
import { checkPassword } from '../password-policy.ts';
import { bodyOf, clientIp, optionalObject, optionalString, parseEmail, queryOf } from '../request.ts';
import type { AuthDeps } from '../sessions.ts';
import { confirmEmail, emailTaken, findUserById, insertUser, mergeMetadata, userJson } from '../users.ts';
import { nameFromMetadata, weakPasswordError } from './signup.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const userNotFound = () => notFound('user_not_found', 'User not found');

/** GoTrue's ban_duration: "none" lifts a ban, otherwise a Go duration such as "24h" or "1h30m". */
function banUntilSeconds(value: string): number | null {
  if (value === 'none') return null;
  const match = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(value);
  if (!match || value === '') throw validationFailed('ban_duration must be "none" or a duration such as "24h" or "1h30m"');
  return Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
}

function userIdParam(params: unknown): string {
  const id = (params as { id?: string }).id ?? '';
  if (!UUID.test(id)) throw notFound('user_not_found', 'User not found');
  return id;
}

/** The GoTrue admin API (service_role only): what supabase-js auth.admin calls, and the seed uses. */
export function registerAdmin(app: FastifyInstance, deps: AuthDeps): void {
  const { db } = deps.ctx;

  app.addHook('onRequest', async (request) => {
    if (request.url.split('?')[0]!.includes('/admin/')) requireServiceRole(request);
  });

  app.post('/admin/users', async (request) => {
    const body = bodyOf(request);
    if (body.phone) throw unprocessable('phone_provider_disabled', 'Phone users are not supported');
    const email = parseEmail(body.email);
    const password = optionalString(body.password, 'password');
    const userMetadata = optionalObject(body.user_metadata, 'user_metadata') ?? optionalObject(body.data, 'data') ?? {};
    const appMetadata = optionalObject(body.app_metadata, 'app_metadata') ?? {};
    const id = optionalString(body.id, 'id');
    if (id !== undefined && !UUID.test(id)) throw validationFailed('id must be a UUID');
    if (await emailTaken(db, email)) throw unprocessable('email_exists', 'A user with this email address has already been registered');
    let passwordHash: string | null = null;
    if (password) {
      const check = checkPassword(password, { email, name: nameFromMetadata(userMetadata) });
      if (!check.ok) throw weakPasswordError(check);
      passwordHash = await hashPassword(password);
    }
    const ban = typeof body.ban_duration === 'string' ? banUntilSeconds(body.ban_duration) : null;
    try {
      return await db.transaction(async (tx) => {
        const userId = await insertUser(tx, { id, email, passwordHash, userMetadata, appMetadata, confirmed: body.email_confirm === true });
        if (ban) await tx.query(`update auth.users set banned_until = now() + make_interval(secs => $2) where id = $1::uuid`, [userId, ban]);
        await audit(tx, { action: 'user_signedup', actorId: userId, actorEmail: email, ip: clientIp(request), traits: { via: 'admin' } });
        return userJson(tx, userId);
      });
    } catch (error) {
      if ((error as DatabaseError).code === '23505') throw unprocessable('email_exists', 'A user with this email address has already been registered');
      throw error;
    }
  });

  app.get('/admin/users', async (request, reply) => {
    const query = queryOf(request);
    const page = Math.max(1, Number.parseInt(query.page ?? '1', 10) || 1);
    const perPage = Math.min(1000, Math.max(1, Number.parseInt(query.per_page ?? '50', 10) || 50));
    const { rows } = await db.query<{ id: string; total: number }>(
      `select id::text, count(*) over ()::int as total from auth.users where deleted_at is null
        order by created_at, id limit $1 offset $2`,
      [perPage, (page - 1) * perPage],
    );
    const total = rows[0]?.total ?? (await db.query<{ n: number }>(`select count(*)::int as n from auth.users where deleted_at is null`)).rows[0]!.n;
    const users = [];
    for (const row of rows) users.push(await userJson(db, row.id));
    const last = Math.max(1, Math.ceil(total / perPage));
    const links = [];
    if (page < last) links.push(`</admin/users?page=${page + 1}&per_page=${perPage}>; rel="next"`);
    links.push(`</admin/users?page=${last}&per_page=${perPage}>; rel="last"`);
    reply.header('X-Total-Count', String(total));
    reply.header('Link', links.join(', '));
    return { aud: 'authenticated', users };
  });

  app.get('/admin/users/:id', async (request) => {
    const user = await userJson(db, userIdParam(request.params));
    if (!user) throw userNotFound();
    return user;
  });

  app.put('/admin/users/:id', async (request) => {
    const id = userIdParam(request.params);
    const user = await findUserById(db, id);
    if (!user) throw userNotFound();
    const body = bodyOf(request);
    const email = body.email === undefined || body.email === null ? undefined : parseEmail(body.email);
    const password = optionalString(body.password, 'password');
    const userMetadata = optionalObject(body.user_metadata, 'user_metadata');
    const appMetadata = optionalObject(body.app_metadata, 'app_metadata');
    const ban = typeof body.ban_duration === 'string' ? banUntilSeconds(body.ban_duration) : undefined;
    if (email && email !== user.email?.toLowerCase() && (await emailTaken(db, email, id))) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    let passwordHash: string | null = null;
    if (password) {
      const check = checkPassword(password, { email: email ?? user.email, name: nameFromMetadata({ ...user.raw_user_meta_data, ...userMetadata }) });
      if (!check.ok) throw weakPasswordError(check);
      passwordHash = await hashPassword(password);
    }
    return db.transaction(async (tx) => {
      if (email && email !== user.email?.toLowerCase()) {
        await tx.query(
          `update auth.users set email = $2::text, email_change = '', updated_at = now(),
             raw_user_meta_data = coalesce(raw_user_meta_data, '{}'::jsonb) || jsonb_build_object('email', $2::text) where id = $1::uuid`,
          [id, email],
        );
        await tx.query(`update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text) where user_id = $1::uuid and provider = 'email'`, [id, email]);
      }
      if (body.email_confirm === true) await confirmEmail(tx, id);
      if (passwordHash) await tx.query(`update auth.users set encrypted_password = $2, updated_at = now() where id = $1::uuid`, [id, passwordHash]);
      if (userMetadata) {
        await tx.query(`update auth.users set raw_user_meta_data = $2::jsonb, updated_at = now() where id = $1::uuid`, [
          id,
          JSON.stringify(mergeMetadata(user.raw_user_meta_data, userMetadata)),
        ]);
      }
      if (appMetadata) {
        await tx.query(`update auth.users set raw_app_meta_data = $2::jsonb, updated_at = now() where id = $1::uuid`, [
          id,
          JSON.stringify(mergeMetadata(user.raw_app_meta_data, appMetadata)),
        ]);
      }
      if (ban !== undefined) {
        await tx.query(`update auth.users set banned_until = case when $2::int is null then null else now() + make_interval(secs => $2::int) end where id = $1::uuid`, [id, ban]);
        // A ban ends the user's sessions at once.
        if (ban) await tx.query(`delete from auth.sessions where user_id = $1::uuid`, [id]);
      }
      await audit(tx, { action: 'user_modified', actorId: id, actorEmail: email ?? user.email, ip: clientIp(request), traits: { via: 'admin' } });
      return userJson(tx, id);
    });
  });

  app.delete('/admin/users/:id', async (request) => {
    const id = userIdParam(request.params);
    return db.transaction(async (tx) => {
      const user = await userJson(tx, id);
      if (!user) throw userNotFound();
      await tx.query(`delete from auth.users where id = $1::uuid`, [id]);
      await audit(tx, { action: 'user_deleted', actorId: id, actorEmail: user.email, ip: clientIp(request), traits: { via: 'admin' } });
      return user;
    });
  });
}
