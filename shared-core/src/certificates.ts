/**
 * Certificate verification codes (zod-free: the shell's verification page and the server use them alike).
 * A code is 12 characters of Crockford's base32 (digits and capitals without I, L, O, U), stored without separators
 * and shown in three groups of four: `7K3M-Q9XD-2HPA`. What a person types is read leniently: lower case, spaces or
 * hyphens between the groups, and the letters people mistake for digits (I and L for 1, O for 0).
 */

export const VERIFICATION_CODE_LENGTH = 12;

/** The public verification page; the code follows as its last segment. */
export const VERIFY_PATH = '/verify';

/**
 * What the verification call accepts before it reads the code (`normaliseVerificationCode` decides the rest):
 * 12 code characters, in groups of four that may be separated by one hyphen or space. U is never part of a code.
 */
export const VERIFICATION_CODE_INPUT_PATTERN =
  /^[0-9A-TV-Za-tv-z]{4}[- ]?[0-9A-TV-Za-tv-z]{4}[- ]?[0-9A-TV-Za-tv-z]{4}$/;

/** The stored form of a typed code (upper case, no separators, I/L → 1, O → 0); null when it cannot be a code. */
export function normaliseVerificationCode(input: string): string | null {
  const trimmed = input.trim();
  if (!VERIFICATION_CODE_INPUT_PATTERN.test(trimmed)) return null;
  return trimmed.replace(/[- ]/g, '').toUpperCase().replace(/[IL]/g, '1').replace(/O/g, '0');
}

/** `7K3MQ9XD2HPA` → `7K3M-Q9XD-2HPA` (a code shown already stays as it is). */
export function formatVerificationCode(code: string): string {
  const bare = code.replace(/[- ]/g, '');
  return bare.match(/.{1,4}/g)?.join('-') ?? bare;
}

/** The verification page of a code, on the given origin (or relative when none is given). */
export function verificationUrl(code: string, origin = ''): string {
  return `${origin.replace(/\/$/, '')}${VERIFY_PATH}/${formatVerificationCode(code)}`;
}
