import { describe, expect, it } from 'vitest';
import { HOST_NAME_MAX_LENGTH, hostName, normalizeHostName } from './rules';

describe('hostName (licensee domains)', () => {
  it('takes host names, localhost, IPv4 addresses and xn-- names, in any case and with spaces around', () => {
    for (const value of [
      'portal.example.com',
      'localhost',
      'partner.localhost',
      '127.0.0.1',
      'xn--sicher-arbeit-kmb.example',
      '  Portal.Example.COM ',
      'a1-b2.c3',
      `${'a'.repeat(63)}.example`,
      '',
    ]) {
      expect(hostName(value), value).toBeNull();
    }
  });

  it('refuses a scheme, port, path, empty or edge-hyphen labels, other characters, a numeric top label, too long', () => {
    for (const value of [
      'https://portal.example.com',
      'portal.example.com:8080',
      'portal.example.com/x',
      'portal..example.com',
      'portal.example.com.',
      '.example.com',
      '-a.example.com',
      'a-.example.com',
      'a_b.example.com',
      'portäl.example',
      '*.example.com',
      'user@example.com',
      'a b.example',
      '256.1.1.1',
      '1.2.3',
      'example.123',
      `${'a'.repeat(64)}.example`,
      `${'abcdefghi.'.repeat(25)}comx`,
    ]) {
      expect(hostName(value), value).toEqual({ key: 'hostName' });
    }
    expect(`${'abcdefghi.'.repeat(25)}comx`.length).toBeGreaterThan(HOST_NAME_MAX_LENGTH);
  });

  it('normalises to what is stored and compared: trimmed, lower case', () => {
    expect(normalizeHostName('  Portal.Example.COM ')).toBe('portal.example.com');
  });
});
