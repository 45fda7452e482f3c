import { createHash, createSecretKey, randomBytes, type KeyObject } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

export interface VerifiedClaims extends AccessClaims {
  /** Epoch milliseconds at which the token expires. */
  expiresAt: number;
}

const ISSUER = 'circula';

/**
 * The secret as a Node KeyObject, made once per secret: given raw bytes, jose would import the
 * key through WebCrypto on every verification (a tenth of a request's CPU in the profile).
 */
const keys = new WeakMap<Uint8Array, KeyObject>();
const keyOf = (secret: Uint8Array): KeyObject => {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(secret);
    keys.set(secret, key);
  }
  return key;
};

export async function signAccessToken(
  claims: AccessClaims,
  secret: Uint8Array,
  ttlSeconds: number,
): Promise<{ token: string; expiresAt: Date }> {
  const now = Math.floor(Date.now() / 1000);
  const expiresAt = new Date((now + ttlSeconds) * 1000);
  const token = await new SignJWT({ sid: claims.sessionId })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt(now)
    .setExpirationTime(now + ttlSeconds)
    .sign(keyOf(secret));
  return { token, expiresAt };
}

/** The claims of a valid, unexpired token signed by us; null otherwise. */
export async function verifyAccessToken(token: string, secret: Uint8Array): Promise<VerifiedClaims | null> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), { issuer: ISSUER, algorithms: ['HS256'] });
    const userId = Number(payload.sub);
    if (!Number.isInteger(userId) || typeof payload.sid !== 'string' || typeof payload.exp !== 'number') return null;
    return { userId, sessionId: payload.sid, expiresAt: payload.exp * 1000 };
  } catch {
    return null;
  }
}

export const newRefreshToken = (): string => randomBytes(32).toString('base64url');

/** Refresh tokens are stored only as their SHA-256: a stolen table yields no usable token. */
export const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');
