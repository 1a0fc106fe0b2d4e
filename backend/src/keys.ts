import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { SignJWT, exportJWK, generateKeyPair, importJWK, jwtVerify, errors, type JWK, type JWTPayload, type CryptoKey } from 'jose';
import { systemClock, type Clock } from './clock.ts';

interface StoredKeys {
  kid: string;
  privateJwk: JWK;
  publicJwk: JWK;
  anonKey: string;
  serviceRoleKey: string;
  createdAt: string;
}

export interface Keys {
  kid: string;
  anonKey: string;
  serviceRoleKey: string;
  /** The public key as published at /auth/v1/.well-known/jwks.json. */
  jwks: { keys: JWK[] };
  sign(claims: JWTPayload, expiresInSeconds: number): Promise<string>;
  /** Verifies signature and expiry; throws JwtError with a reason otherwise. */
  verify(token: string): Promise<JWTPayload>;
}

export class JwtError extends Error {
  override name = 'JwtError';
  readonly expired: boolean;
  constructor(message: string, expired = false) {
    super(message);
    this.expired = expired;
  }
}

const TEN_YEARS = 10 * 365 * 24 * 3600;
const ISSUER = 'supabase';

async function create(): Promise<StoredKeys> {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const kid = crypto.randomUUID();
  const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: 'ES256' };
  const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  const apiKey = (role: string) =>
    new SignJWT({ role, iss: ISSUER })
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid })
      .setIssuedAt()
      .setExpirationTime(Math.floor(Date.now() / 1000) + TEN_YEARS)
      .sign(privateKey);
  return {
    kid,
    privateJwk,
    publicJwk,
    anonKey: await apiKey('anon'),
    serviceRoleKey: await apiKey('service_role'),
    createdAt: new Date().toISOString(),
  };
}

/**
 * Loads the signing key and API keys from dataDir/keys.json, creating them on first start. Several
 * processes sharing a data dir race safely: the first link into place wins and the others read it.
 */
export async function loadKeys(dataDir: string, clock: Clock = systemClock): Promise<Keys> {
  fs.mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, 'keys.json');
  let stored: StoredKeys;
  if (fs.existsSync(file)) {
    stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKeys;
  } else {
    const fresh = await create();
    // Written whole under a private name, then linked into place: link() fails when keys.json exists,
    // so the first process wins, and nobody ever reads a half-written file.
    const partial = `${file}.${process.pid}.${crypto.randomBytes(4).toString('hex')}.tmp`;
    fs.writeFileSync(partial, JSON.stringify(fresh, null, 2), { flag: 'wx', mode: 0o600 });
    try {
      fs.linkSync(partial, file);
      stored = fresh;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      stored = JSON.parse(fs.readFileSync(file, 'utf8')) as StoredKeys;
    } finally {
      fs.rmSync(partial, { force: true });
    }
  }
  const privateKey = (await importJWK(stored.privateJwk, 'ES256')) as CryptoKey;
  const publicKey = (await importJWK(stored.publicJwk, 'ES256')) as CryptoKey;

  return {
    kid: stored.kid,
    anonKey: stored.anonKey,
    serviceRoleKey: stored.serviceRoleKey,
    jwks: { keys: [stored.publicJwk] },
    sign(claims, expiresInSeconds) {
      const now = Math.floor(clock.now() / 1000);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: stored.kid })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(privateKey);
    },
    async verify(token) {
      try {
        const { payload } = await jwtVerify(token, publicKey, { algorithms: ['ES256'], currentDate: new Date(clock.now()) });
        return payload;
      } catch (error) {
        if (error instanceof errors.JWTExpired) throw new JwtError('JWT expired', true);
        throw new JwtError('invalid JWT: unable to parse or verify signature');
      }
    },
  };
}
