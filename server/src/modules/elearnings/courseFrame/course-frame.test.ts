// @vitest-environment jsdom
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * The course origin's frame script with a stand-in for scorm-again's CrossFrameAPI (same `_cache`, `_post` and
 * cache-first answers): what the course finds on its parent window, and when. The real bridge is played in
 * e2e/tests/elearning-course-isolation.spec.ts and the player's browser tests.
 */

const SCRIPT = readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'course-frame.js'), 'utf8');

type Api = Record<string, (...args: string[]) => string>;
interface FramePage {
  API?: Api;
  API_1484_11?: Api;
  CrossFrameAPI?: unknown;
}
const page = window as unknown as FramePage;

const calls: string[] = [];
let bridge: { origin: string; toParent: boolean; timeout: number } | undefined;

/** Answers calls from its cache as CrossFrameAPI does, records them; `_post` answers with `flat` (or never). */
function standIn(flat: Record<string, unknown> | undefined) {
  return function CrossFrameAPI(origin: string, target: Window, options: { timeout: number }) {
    bridge = { origin, toParent: target === window.parent, timeout: options.timeout };
    const cache = new Map<string, string>();
    const self = {
      _cache: cache,
      _post(method: string) {
        calls.push(`post ${method}`);
        return flat === undefined ? new Promise(() => undefined) : Promise.resolve(flat);
      },
    };
    return new Proxy(self, {
      get(target, name) {
        if (typeof name !== 'string' || name in target) return Reflect.get(target, name);
        return (...args: string[]) => {
          calls.push(`${name}(${args.join(',')})`);
          if (name.endsWith('GetValue')) return cache.get(args[0] ?? '') ?? '';
          if (name.endsWith('SetValue')) cache.set(args[0] ?? '', args[1] ?? '');
          return name.endsWith('GetLastError') ? '0' : 'true';
        };
      },
    });
  };
}

/** The frame page as the course origin serves it: the stand-in, then the frame script with its data attributes. */
function framePage(version: '1.2' | '2004', flat: Record<string, unknown> | undefined) {
  const script = document.createElement('script');
  script.setAttribute('data-parent-origin', 'http://localhost:8080');
  script.setAttribute('data-scorm-version', version);
  script.setAttribute('data-src', '/files/t/index.html?part=1');
  script.setAttribute('data-title', 'Kurs');
  document.body.append(script);
  page.CrossFrameAPI = standIn(flat);
  Object.defineProperty(document, 'currentScript', { value: script, configurable: true });
  new Function(SCRIPT)();
}

afterEach(() => {
  document.body.innerHTML = '';
  delete page.API;
  delete page.API_1484_11;
  calls.length = 0;
  bridge = undefined;
  vi.useRealTimers();
});

const settle = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('the frame page of the course origin', () => {
  it("fills the API's copy from the player before the course starts, then shows the course in a frame", async () => {
    framePage('1.2', {
      'cmi.core.entry': 'resume',
      'cmi.core.lesson_location': 'page-3',
      'cmi.suspend_data': '{"notes":"x"}',
      'cmi.interactions.0.id': 'q1',
      'cmi.interactions.1.id': 'q2',
      'cmi.interactions.1.objectives.0.id': 'o1',
      'cmi.objectives': {},
    });
    expect(bridge).toEqual({ origin: 'http://localhost:8080', toParent: true, timeout: 10000 });
    await settle();
    const frame = document.querySelector('iframe');
    expect(frame?.getAttribute('src')).toBe('/files/t/index.html?part=1');
    expect(frame?.title).toBe('Kurs');
    expect(frame?.getAttribute('allow')).toBe('fullscreen; autoplay');
    const api = page.API;
    if (!api) throw new Error('no API on the frame page');
    expect(page.API_1484_11).toBeUndefined();
    // Read in the same breath as Initialize, as courses do: the player's values are there.
    expect(api.LMSInitialize?.('')).toBe('true');
    expect(api.LMSGetValue?.('cmi.core.entry')).toBe('resume');
    expect(api.LMSGetValue?.('cmi.core.lesson_location')).toBe('page-3');
    expect(api.LMSGetValue?.('cmi.suspend_data')).toBe('{"notes":"x"}');
    expect(api.LMSGetValue?.('cmi.interactions._count')).toBe('2');
    expect(api.LMSGetValue?.('cmi.interactions.1.objectives._count')).toBe('1');
    expect(api.LMSGetValue?.('cmi.objectives._count')).toBe('0');
    expect(api.LMSGetValue?.('cmi._version')).toBe('3.4');
    expect(calls.slice(0, 2)).toEqual(['post getFlattenedCMI', 'LMSInitialize()']);
  });

  it('counts what the course appends, so that interactions written in a row get their own numbers', async () => {
    framePage('2004', { 'cmi.interactions': {} });
    await settle();
    const api = page.API_1484_11;
    if (!api) throw new Error('no API on the frame page');
    for (const id of ['q1', 'q2', 'q3']) {
      const next = api.GetValue?.('cmi.interactions._count');
      api.SetValue?.(`cmi.interactions.${next}.id`, id);
      api.SetValue?.(`cmi.interactions.${next}.result`, 'correct');
    }
    expect(api.GetValue?.('cmi.interactions._count')).toBe('3');
    expect(calls).toContain('SetValue(cmi.interactions.2.id,q3)');
    // A value that is no string goes as SCORM has it: a string.
    api.SetValue?.('cmi.score.scaled', 0.5 as unknown as string);
    expect(calls.at(-1)).toBe('SetValue(cmi.score.scaled,0.5)');
  });

  it('starts the course anyway when the player does not answer (after 5 s)', () => {
    vi.useFakeTimers();
    framePage('2004', undefined);
    vi.advanceTimersByTime(4_900);
    expect(document.querySelector('iframe')).toBeNull();
    expect(page.API_1484_11).toBeUndefined();
    vi.advanceTimersByTime(200);
    expect(document.querySelector('iframe')).not.toBeNull();
    expect(page.API_1484_11).toBeDefined();
  });
});
