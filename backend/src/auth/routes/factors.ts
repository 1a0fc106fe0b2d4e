import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { audit } from '../audit.ts';
import { AuthError, notFound, unprocessable, validationFailed } from '../errors.ts';
import { requireUser, type Authenticated } from '../guard.ts';
import { countFailure, enforceLimits } from '../limits.ts';
import { bodyOf, clientIp, inetOrNull, optionalString } from '../request.ts';
import { addAmr, reissueSession, type AuthDeps } from '../sessions.ts';

const MAX_FACTORS = 10;
const CHALLENGE_SECONDS = 300;
const ISSUER = 'Modula';

function totpFor(secret: string, label: string, issuer: string): TOTP {
  return new TOTP({ issuer, label, secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });
}

const factorNotFound = () => notFound('mfa_factor_not_found', 'Factor not found');

interface FactorRow {
  id: string;
  status: 'verified' | 'unverified';
  secret: string;
  friendly_name: string | null;
}

export function registerFactors(app: FastifyInstance, deps: AuthDeps): void {
  const { db } = deps.ctx;

  async function ownFactor(auth: Authenticated, id: string): Promise<FactorRow> {
    if (!/^[0-9a-f-]{36}$/i.test(id)) throw factorNotFound();
    const { rows } = await db.query<FactorRow>(
      `select id::text, status::text, secret, friendly_name from auth.mfa_factors where id = $1::uuid and user_id = $2::uuid`,
      [id, auth.user.id],
    );
    if (!rows[0]) throw factorNotFound();
    return rows[0];
  }

  app.post('/factors', async (request) => {
    const auth = await requireUser(request, db);
    const body = bodyOf(request);
    const factorType = optionalString(body.factor_type, 'factor_type');
    if (factorType !== 'totp') throw validationFailed('factor_type must be totp (phone and webauthn factors are not supported)');
    const friendlyName = optionalString(body.friendly_name, 'friendly_name')?.trim() || null;
    const issuer = optionalString(body.issuer, 'issuer')?.trim() || ISSUER;
    const { rows } = await db.query<{ verified: number; total: number; name_taken: boolean }>(
      `select count(*) filter (where status = 'verified')::int as verified, count(*)::int as total,
              coalesce(bool_or(friendly_name = $2), false) as name_taken
         from auth.mfa_factors where user_id = $1::uuid`,
      [auth.user.id, friendlyName ?? ''],
    );
    const stats = rows[0]!;
    if (stats.verified > 0 && auth.session?.aal !== 'aal2') throw new AuthError(401, 'insufficient_aal', 'AAL2 required to enroll a new factor');
    if (friendlyName && stats.name_taken) {
      throw unprocessable('mfa_factor_name_conflict', `A factor with the friendly name "${friendlyName}" for this user already exists`);
    }
    if (stats.total >= MAX_FACTORS) throw unprocessable('too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');

    const secret = new Secret({ size: 20 }).base32;
    const uri = totpFor(secret, auth.user.email ?? auth.user.id, issuer).toString();
    const qrCode = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
    const id = crypto.randomUUID();
    await db.query(
      `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
       values ($1::uuid, $2::uuid, $3, 'totp', 'unverified', now(), now(), $4)`,
      [id, auth.user.id, friendlyName, secret],
    );
    await audit(db, { action: 'factor_in_progress', actorId: auth.user.id, actorEmail: auth.user.email, ip: clientIp(request), traits: { factor_id: id } });
    return { id, type: 'totp', friendly_name: friendlyName ?? '', totp: { qr_code: qrCode, secret, uri } };
  });

  app.post('/factors/:id/challenge', async (request) => {
    const auth = await requireUser(request, db);
    const factor = await ownFactor(auth, (request.params as { id: string }).id);
    const id = crypto.randomUUID();
    const ip = inetOrNull(clientIp(request)) ?? '0.0.0.0';
    const { rows } = await db.transaction(async (tx) => {
      await tx.query(`update auth.mfa_factors set last_challenged_at = clock_timestamp(), updated_at = now() where id = $1::uuid`, [factor.id]);
      return tx.query<{ expires_at: number }>(
        `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1::uuid, $2::uuid, now(), $3::inet)
         returning floor(extract(epoch from created_at))::int + $4::int as expires_at`,
        [id, factor.id, ip, CHALLENGE_SECONDS],
      );
    });
    return { id, type: 'totp', expires_at: rows[0]!.expires_at };
  });

  app.post('/factors/:id/verify', async (request) => {
    const auth = await requireUser(request, db);
    const factor = await ownFactor(auth, (request.params as { id: string }).id);
    const body = bodyOf(request);
    const challengeId = optionalString(body.challenge_id, 'challenge_id');
    const code = optionalString(body.code, 'code')?.trim();
    if (!challengeId || !code) throw validationFailed('challenge_id and code are required');
    // Guessing codes costs attempts like guessing passwords does.
    await enforceLimits(deps, request, 'mfa', auth.user.id);
    const ip = clientIp(request);
    const valid = totpFor(factor.secret, '', ISSUER).validate({ token: code, window: 1 }) !== null;
    if (!valid) await countFailure(deps, request, 'mfa');
    return db.transaction(async (tx) => {
      const { rows } = await tx.query<{ expired: boolean; verified: boolean }>(
        `select created_at < now() - make_interval(secs => $3) as expired, verified_at is not null as verified
           from auth.mfa_challenges where id = $1::uuid and factor_id = $2::uuid for update`,
        [/^[0-9a-f-]{36}$/i.test(challengeId) ? challengeId : '00000000-0000-0000-0000-000000000000', factor.id, CHALLENGE_SECONDS],
      );
      const challenge = rows[0];
      if (!challenge) throw notFound('mfa_challenge_not_found', `Challenge ${challengeId} not found`);
      if (challenge.expired || challenge.verified) {
        throw unprocessable('mfa_challenge_expired', `MFA challenge ${challengeId} has expired, verify against another challenge or create a new challenge.`);
      }
      if (!valid) throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
      await tx.query(`update auth.mfa_challenges set verified_at = now() where id = $1::uuid`, [challengeId]);
      if (factor.status !== 'verified') {
        await tx.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1::uuid`, [factor.id]);
        // Turning MFA on ends the account's other sessions that never passed it.
        await tx.query(`delete from auth.sessions where user_id = $1::uuid and aal = 'aal1' and id is distinct from $2::uuid`, [
          auth.user.id,
          auth.session?.id ?? null,
        ]);
      }
      if (!auth.session) throw new AuthError(403, 'session_not_found', 'MFA verification needs a session-bound token');
      await tx.query(`update auth.sessions set aal = 'aal2', factor_id = $2::uuid, updated_at = now() where id = $1::uuid`, [auth.session.id, factor.id]);
      await addAmr(tx, auth.session.id, 'totp');
      await audit(tx, { action: 'mfa_code_login', actorId: auth.user.id, actorEmail: auth.user.email, ip, traits: { factor_id: factor.id } });
      return reissueSession(deps, tx, auth.user.id, auth.session.id);
    });
  });

  app.delete('/factors/:id', async (request) => {
    const auth = await requireUser(request, db);
    const factor = await ownFactor(auth, (request.params as { id: string }).id);
    if (factor.status === 'verified' && auth.session?.aal !== 'aal2') throw new AuthError(401, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
    await db.transaction(async (tx) => {
      await tx.query(`delete from auth.mfa_factors where id = $1::uuid`, [factor.id]);
      await tx.query(`update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1::uuid`, [factor.id]);
      await audit(tx, { action: 'factor_deleted', actorId: auth.user.id, actorEmail: auth.user.email, ip: clientIp(request), traits: { factor_id: factor.id } });
    });
    return { id: factor.id };
  });
}
