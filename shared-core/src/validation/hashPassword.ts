import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';

/**
 * Spec section 5: passwords are hashed (SHA-256, lowercase hex) by the client before they are sent.
 * A library rather than WebCrypto, because crypto.subtle is missing on plain-http hosts.
 */
export function hashPassword(plain: string): string {
  return bytesToHex(sha256(utf8ToBytes(plain)));
}

/** Member creation sends null for an empty password. */
export function hashOptionalPassword(plain: string | null | undefined): string | null {
  return plain ? hashPassword(plain) : null;
}
