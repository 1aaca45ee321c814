import { createHash, randomBytes } from 'node:crypto';
import { sha256 } from '@noble/hashes/sha2.js';
import { bytesToHex, utf8ToBytes } from '@noble/hashes/utils.js';
import { describe, expect, it } from 'vitest';
import { hashOptionalPassword, hashPassword } from './hashPassword';

const node = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const noble = (text: string) => bytesToHex(sha256(utf8ToBytes(text)));

describe('hashPassword (SHA-256 of the UTF-8 bytes, lowercase hex)', () => {
  it('gives the standard test vectors (FIPS 180-4 examples)', () => {
    expect(hashPassword('')).toBe('e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855');
    expect(hashPassword('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashPassword('abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq')).toBe(
      '248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1',
    );
    expect(hashPassword('a'.repeat(1_000_000))).toBe(
      'cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0',
    );
  });

  it('equals Node and noble on every length around the block borders and on non-ASCII text', () => {
    const texts = [
      ...Array.from({ length: 200 }, (_, length) => 'x'.repeat(length)),
      'Safety#2026',
      'Ärger über Straße – 安全 🦺',
      '\u0000\uffff\ud83d\ude00',
    ];
    for (const text of texts) {
      expect(hashPassword(text)).toBe(node(text));
      expect(hashPassword(text)).toBe(noble(text));
    }
  });

  it('equals Node on random texts', () => {
    for (let round = 0; round < 300; round += 1) {
      const text = randomBytes(round % 150).toString('latin1') + randomBytes(round % 40).toString('base64');
      expect(hashPassword(text)).toBe(node(text));
    }
  });

  it('sends null for an empty optional password', () => {
    expect(hashOptionalPassword('')).toBeNull();
    expect(hashOptionalPassword(null)).toBeNull();
    expect(hashOptionalPassword('abc')).toBe(hashPassword('abc'));
  });
});
