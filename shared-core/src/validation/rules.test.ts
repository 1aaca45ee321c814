import { describe, expect, it } from 'vitest';
import { hashOptionalPassword, hashPassword } from './hashPassword';
import { phoneNumber } from './phone';
import { clientIdentifier, email, maxLength, minLength, password, required, username } from './rules';

describe('validation rules (spec section 5)', () => {
  it('required', () => {
    expect(required('')).toEqual({ key: 'required' });
    expect(required('  ')).toEqual({ key: 'required' });
    expect(required('x')).toBeNull();
  });

  it('password: 8+ characters with digit, lower, upper and special (white space counts)', () => {
    expect(password('Safety#2026')).toBeNull();
    expect(password('Safety 2026')).toBeNull();
    expect(password('Sa#1')).toEqual({ key: 'password' });
    expect(password('safety#2026')).toEqual({ key: 'password' });
    expect(password('SAFETY#2026')).toEqual({ key: 'password' });
    expect(password('Safety#abc')).toEqual({ key: 'password' });
    expect(password('Safety2026')).toEqual({ key: 'password' });
  });

  it('username: lowercase with dots or hyphens as separators, or an e-mail address', () => {
    for (const valid of ['admin', 'super.admin', 'ou-admin', 'a1b', 'max.muster@example.com']) {
      expect(username(valid), valid).toBeNull();
    }
    for (const invalid of ['ab', '1abc', 'Admin', 'a..b', 'abc.', '.abc', 'a_b', 'a b']) {
      expect(username(invalid), invalid).toEqual({ key: 'username' });
    }
  });

  it('clientIdentifier: 3+ lowercase letters and digits with single hyphens, starting with a letter', () => {
    for (const valid of ['acme', 'acme-2', 'a1b']) expect(clientIdentifier(valid), valid).toBeNull();
    for (const invalid of ['ac', '1acme', 'ac--me', 'acme-', 'Acme', 'ac_me']) {
      expect(clientIdentifier(invalid), invalid).toEqual({ key: 'clientIdentifier' });
    }
  });

  it('phoneNumber: valid international number, default region DE', () => {
    expect(phoneNumber('+49 30 1234567')).toBeNull();
    expect(phoneNumber('030 1234567')).toBeNull();
    expect(phoneNumber('+44 20 7946 0958')).toBeNull();
    expect(phoneNumber('12')).toEqual({ key: 'phoneNumber' });
    expect(phoneNumber('not a number')).toEqual({ key: 'phoneNumber' });
    expect(phoneNumber('')).toBeNull();
  });

  it('email, minlength, maxlength', () => {
    expect(email('a@b.de')).toBeNull();
    expect(email('a@b')).toEqual({ key: 'email' });
    expect(minLength(3)('ab')).toEqual({ key: 'minlength', params: { min: 3 } });
    expect(maxLength(3)('abcd')).toEqual({ key: 'maxlength', params: { max: 3 } });
  });

  it('hashes passwords as lowercase hex SHA-256 and sends null for an empty one', () => {
    expect(hashPassword('Safety#2026')).toMatch(/^[0-9a-f]{64}$/);
    expect(hashPassword('abc')).toBe('ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad');
    expect(hashOptionalPassword('')).toBeNull();
    expect(hashOptionalPassword(null)).toBeNull();
  });
});
