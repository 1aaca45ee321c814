import { randomBytes, scrypt, timingSafeEqual } from 'node:crypto';

/**
 * The browser sends the SHA-256 hex of what the user typed; we never store that value as it is,
 * but a salted scrypt hash of it (N=2^14, r=8, p=1: slow enough to make guessing expensive).
 */
const N = 16384;
const R = 8;
const P = 1;
const KEY_LENGTH = 32;

function derive(secret: string, salt: Buffer, n = N, r = R, p = P): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    scrypt(secret, salt, KEY_LENGTH, { N: n, r, p, maxmem: 64 * 1024 * 1024 }, (error, key) =>
      error ? reject(error) : resolve(key),
    );
  });
}

export async function hashPasswordForStorage(sha256Hex: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(sha256Hex, salt);
  return `scrypt$${N}$${R}$${P}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(sha256Hex: string, stored: string | null): Promise<boolean> {
  if (!stored) {
    // Same work as a real check, so timing does not tell whether the account exists.
    await derive(sha256Hex, DUMMY_SALT);
    return false;
  }
  const [scheme, n, r, p, salt, key] = stored.split('$');
  if (scheme !== 'scrypt' || !n || !r || !p || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const actual = await derive(sha256Hex, Buffer.from(salt, 'base64'), Number(n), Number(r), Number(p));
  return expected.length === actual.length && timingSafeEqual(expected, actual);
}

const DUMMY_SALT = randomBytes(16);
