// SHA-256 (FIPS 180-4) of the text's UTF-8 bytes, as lowercase hex. Synchronous and without WebCrypto, because
// crypto.subtle is missing on plain-http hosts. Written out here rather than taken from @noble/hashes: the library's
// general-purpose code put kilobytes into every page's first download for one hash of a password.
// hashPassword.test.ts compares it with noble's and Node's SHA-256 on the standard vectors and on random texts.

type Words = [number, number, number, number, number, number, number, number];

const rotr = (word: number, bits: number) => (word >>> bits) | (word << (32 - bits));

/** The first 32 bits of the fractional parts of the square roots of the first 8 primes. */
const INITIAL: Words = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];

/** The first 32 bits of the fractional parts of the cube roots of the first 64 primes. */
// biome-ignore format: the standard's table, eight to a row
const K = [
  0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
  0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
  0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
  0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
  0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
  0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
  0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
  0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2,
];

function sha256Hex(text: string): string {
  const bytes = new TextEncoder().encode(text);
  // The message, a 1 bit, zeros, and its length in bits as a 64-bit big-endian number: whole 64-byte blocks.
  const padded = new Uint8Array(Math.ceil((bytes.length + 9) / 64) * 64);
  padded.set(bytes);
  padded[bytes.length] = 0x80;
  const view = new DataView(padded.buffer);
  view.setUint32(padded.length - 8, Math.floor(bytes.length / 0x20000000));
  view.setUint32(padded.length - 4, (bytes.length * 8) >>> 0);

  const hash = [...INITIAL];
  const w = new Array<number>(64).fill(0);
  for (let block = 0; block < padded.length; block += 64) {
    for (let t = 0; t < 64; t += 1) {
      if (t < 16) {
        w[t] = view.getInt32(block + t * 4);
      } else {
        const x = w[t - 15] ?? 0;
        const y = w[t - 2] ?? 0;
        const s0 = rotr(x, 7) ^ rotr(x, 18) ^ (x >>> 3);
        const s1 = rotr(y, 17) ^ rotr(y, 19) ^ (y >>> 10);
        w[t] = ((w[t - 16] ?? 0) + s0 + (w[t - 7] ?? 0) + s1) | 0;
      }
    }
    let [a, b, c, d, e, f, g, h] = hash as Words;
    for (let t = 0; t < 64; t += 1) {
      const s1 = rotr(e, 6) ^ rotr(e, 11) ^ rotr(e, 25);
      const t1 = (h + s1 + ((e & f) ^ (~e & g)) + (K[t] ?? 0) + (w[t] ?? 0)) | 0;
      const t2 = ((rotr(a, 2) ^ rotr(a, 13) ^ rotr(a, 22)) + ((a & b) ^ (a & c) ^ (b & c))) | 0;
      h = g;
      g = f;
      f = e;
      e = (d + t1) | 0;
      d = c;
      c = b;
      b = a;
      a = (t1 + t2) | 0;
    }
    [a, b, c, d, e, f, g, h].forEach((word, index) => {
      hash[index] = ((hash[index] ?? 0) + word) | 0;
    });
  }
  return hash.map((word) => (word >>> 0).toString(16).padStart(8, '0')).join('');
}

/** Spec section 5: passwords are hashed (SHA-256, lowercase hex) by the client before they are sent. */
export function hashPassword(plain: string): string {
  return sha256Hex(plain);
}

/** Member creation sends null for an empty password. */
export function hashOptionalPassword(plain: string | null | undefined): string | null {
  return plain ? hashPassword(plain) : null;
}
