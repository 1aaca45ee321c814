import { describe, expect, it } from 'vitest';
import { httpUrl, URL_MAX_LENGTH } from './rules';

describe('httpUrl (homepage, calendar link)', () => {
  it('accepts absolute http(s) addresses with a host name, and nothing (optional)', () => {
    for (const value of [
      '',
      'https://www.acme.example',
      'http://acme.example/über?x=1#top',
      ' https://kalender.acme.de ',
    ]) {
      expect(httpUrl(value), value).toBeNull();
    }
  });

  it('refuses other schemes, missing hosts, spaces, credentials and overlong addresses', () => {
    for (const value of [
      'www.acme.example',
      'ftp://acme.example',
      'javascript:alert(1)',
      'mailto:a@acme.example',
      'https://',
      'https://acme',
      'https://a b.example',
      'https://user:pw@acme.example',
      `https://acme.example/${'x'.repeat(URL_MAX_LENGTH)}`,
    ]) {
      expect(httpUrl(value), value).toEqual({ key: 'url' });
    }
  });
});
