import { describe, expect, it } from 'vitest';
import {
  COURSE_SOURCE_MAX_LENGTH,
  COURSE_SOURCES_MAX,
  checkCourseSources,
  courseSourceLines,
  courseSourcesText,
  isCourseSource,
} from './contentSources';

describe('course content sources', () => {
  it('takes https: and https origins and hosts, subdomain wildcards, ports and paths', () => {
    for (const source of [
      'https:',
      'HTTPS:',
      'https://cdn.vendor.com',
      'https://*.vendor.com',
      'https://cdn.vendor.com:8443',
      'https://cdn.vendor.com:*',
      'https://cdn.vendor.com/courses/',
      'https://xn--bcher-kva.example',
      'https://localhost',
    ]) {
      expect(isCourseSource(source), source).toBe(true);
    }
  });

  it('refuses everything else', () => {
    for (const source of [
      '*',
      'https://*',
      'https://*.com',
      'https://cdn.*.vendor.com',
      'data:',
      'blob:',
      'http:',
      'http://cdn.vendor.com',
      'http://localhost:*',
      'javascript:alert(1)',
      "'self'",
      "'unsafe-inline'",
      "'unsafe-eval'",
      "'unsafe-hashes'",
      "'nonce-abc'",
      "'sha256-abc'",
      '"https://cdn.vendor.com"',
      "https://cdn.vendor.com'",
      'cdn.vendor.com',
      'https://cdn.vendor.com;script-src *',
      'https://a.example,https://b.example',
      'https://a.example https://b.example',
      'https://a.example\thttps://b.example',
      'https://user:pw@cdn.vendor.com',
      'https://cdn.vendor.com/?q=1',
      'https://cdn.vendor.com/#x',
      'https://cdn.vendor.com:0',
      'https://cdn.vendor.com:70000',
      'https://-cdn.vendor.com',
      'https://cdn..vendor.com',
      `https://${'a'.repeat(COURSE_SOURCE_MAX_LENGTH)}.com`,
      '',
    ]) {
      expect(isCourseSource(source), source).toBe(false);
    }
  });

  it('allows plain http to the own machine only where asked (the server setting, for development and tests)', () => {
    for (const source of ['http://localhost:*', 'http://127.0.0.1:9450', 'http://[::1]:80', 'http://app.localhost']) {
      expect(isCourseSource(source), source).toBe(false);
      expect(isCourseSource(source, { allowLoopbackHttp: true }), source).toBe(true);
    }
    for (const source of ['http:', 'http://cdn.vendor.com', 'http://localhost.evil.com', 'http://127.0.0.2']) {
      expect(isCourseSource(source, { allowLoopbackHttp: true }), source).toBe(false);
    }
  });

  it('checks a list: scheme and host in lower case, duplicates once, at most 20', () => {
    expect(checkCourseSources(['HTTPS://CDN.Vendor.com/Path/', 'https://cdn.vendor.com/Path/', 'https:'])).toEqual({
      sources: ['https://cdn.vendor.com/Path/', 'https:'],
      problem: null,
    });
    expect(checkCourseSources([])).toEqual({ sources: [], problem: null });
    expect(checkCourseSources(['https://ok.example', "'unsafe-inline'"])).toMatchObject({
      problem: 'CourseSources.Invalid',
      invalid: "'unsafe-inline'",
    });
    const many = Array.from({ length: COURSE_SOURCES_MAX + 1 }, (_, index) => `https://cdn${index}.vendor.com`);
    expect(checkCourseSources(many.slice(0, COURSE_SOURCES_MAX)).problem).toBeNull();
    expect(checkCourseSources(many).problem).toBe('CourseSources.TooMany');
  });

  it("the console's text area: one source a line, blank lines left out", () => {
    expect(courseSourceLines(' https://a.example \r\n\n  \nhttps:\n')).toEqual(['https://a.example', 'https:']);
    expect(courseSourcesText('https://a.example\nhttps://*.b.example\n')).toBeNull();
    expect(courseSourcesText('')).toBeNull();
    expect(courseSourcesText('https://a.example\ndata:')).toEqual({ key: 'courseSource', params: { source: 'data:' } });
    const many = Array.from({ length: 21 }, (_, index) => `https://cdn${index}.vendor.com`).join('\n');
    expect(courseSourcesText(many)).toEqual({ key: 'courseSourcesTooMany', params: { max: 20 } });
  });
});
