// @vitest-environment jsdom
import type { ElearningExecution, ElearningSaveExecutionRequest } from '@dash/shared-core';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const saved: ElearningSaveExecutionRequest[] = [];
const beacons: ElearningSaveExecutionRequest[] = [];

vi.mock('./api/saveExecution', () => ({
  saveExecution: async (body: ElearningSaveExecutionRequest) => {
    saved.push(body);
    return {
      applied: true,
      sequence: body.sequence,
      sco: { id: body.scoId ?? '', status: 'incomplete', scorePercent: null },
      completedAt: null,
      resultUuid: null,
    };
  },
  saveExecutionByBeacon: (body: ElearningSaveExecutionRequest) => {
    beacons.push(body);
    return true;
  },
}));

/** Each bridge the runtime opened to a course frame: the real API it serves, the one origin it answers, destroyed. */
const bridges: Array<{ api: unknown; origin: string; destroyed: boolean }> = [];

vi.mock('scorm-again/cross-frame-lms', () => ({
  CrossFrameLMS: class {
    private readonly bridge: { api: unknown; origin: string; destroyed: boolean };
    constructor(api: unknown, origin: string) {
      this.bridge = { api, origin, destroyed: false };
      bridges.push(this.bridge);
    }
    destroy() {
      this.bridge.destroyed = true;
    }
  },
}));

const { startScormRuntime } = await import('./scormRuntime');

/** The API the course reaches through the last bridge opened. */
function courseApi<T>(): T {
  const bridge = bridges.at(-1);
  if (!bridge || bridge.destroyed) throw new Error('no open bridge');
  return bridge.api as T;
}

/** The read of one SCO of a package of two, as the server answers it. */
function launchOf(scoId: string, sequence: number, scormVersion: '1.2' | '2004' = '2004'): ElearningExecution {
  return {
    uuid: '00000000-0000-4000-8000-000000000001',
    taskUuid: '00000000-0000-4000-8000-000000000002',
    scormVersion,
    scoId,
    launchUrl: `http://127.0.0.1:8081/launch/token/${scoId}.html`,
    title: 'Golf',
    cmi: scormVersion === '2004' ? { entry: 'ab-initio', location: '' } : { core: { entry: 'ab-initio' } },
    sequence,
    items: [
      { id: 'A', title: 'A', launchUrl: '/a', sco: true, status: 'incomplete', scorePercent: null },
      { id: 'B', title: 'B', launchUrl: '/b', sco: true, status: 'notAttempted', scorePercent: null },
    ],
    completedAt: null,
    resultUuid: null,
    sequencing: null,
  };
}

type Api2004 = {
  Initialize(value: string): string;
  SetValue(key: string, value: string): string;
  Commit(value: string): string;
  Terminate(value: string): string;
};

const callbacks = (navigation: unknown[] = []) => ({
  onSaved: () => undefined,
  onFinished: () => undefined,
  onSaveFailed: () => undefined,
  onNavigationRequest: (request: unknown) => navigation.push(request),
});

beforeEach(() => {
  saved.length = 0;
  beacons.length = 0;
  bridges.length = 0;
});

describe('the runtime of one SCO launch', () => {
  it("names its SCO in every commit and numbers them after the SCO's own last one", async () => {
    const runtime = await startScormRuntime(launchOf('B', 7), callbacks());
    const api = courseApi<Api2004>();
    api.Initialize('');
    api.SetValue('cmi.location', 'hole-3');
    api.Commit('');
    await runtime.flush();
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ scoId: 'B', sequence: 8, cmi: { location: 'hole-3' } });
    runtime.dispose();
    expect(bridges.map((bridge) => bridge.destroyed)).toEqual([true]);
  });

  it('serves the course origin only (the launch URL’s), never through a global API on this window', async () => {
    const runtime = await startScormRuntime(launchOf('A', 0), callbacks());
    expect(bridges.map((bridge) => bridge.origin)).toEqual(['http://127.0.0.1:8081']);
    expect('API_1484_11' in window).toBe(false);
    expect('API' in window).toBe(false);
    runtime.dispose();
  });

  it('flush saves what is not saved yet and waits for it; nothing to save: no call', async () => {
    const runtime = await startScormRuntime(launchOf('A', 0), callbacks());
    const api = courseApi<Api2004>();
    api.Initialize('');
    await runtime.flush();
    expect(saved).toHaveLength(0);
    api.SetValue('cmi.suspend_data', 'state');
    await runtime.flush();
    expect(saved.map((body) => [body.scoId, body.sequence])).toEqual([['A', 1]]);
    // Saved already: leaving the page sends no beacon.
    runtime.dispose();
    expect(beacons).toHaveLength(0);
  });

  it('reports the navigation request a SCORM 2004 SCO terminates with (continue, previous, choice)', async () => {
    for (const [request, expected] of [
      ['continue', { kind: 'next' }],
      ['previous', { kind: 'previous' }],
      ['{target=B}choice', { kind: 'choice', target: 'B' }],
    ] as const) {
      const navigation: unknown[] = [];
      const runtime = await startScormRuntime(launchOf('A', 0), callbacks(navigation));
      const api = courseApi<Api2004>();
      api.Initialize('');
      api.SetValue('adl.nav.request', request);
      api.Terminate('');
      await runtime.flush();
      expect(navigation, request).toEqual([expected]);
      // Terminate committed the SCO first.
      expect(saved.at(-1)).toMatchObject({ scoId: 'A' });
      runtime.dispose();
    }
  });

  it('SCORM 1.2: a fresh API object per launch, commits by LMSCommit name the SCO', async () => {
    const first = await startScormRuntime(launchOf('A', 2, '1.2'), callbacks());
    const firstApi = courseApi<unknown>();
    first.dispose();
    const second = await startScormRuntime(launchOf('B', 0, '1.2'), callbacks());
    expect(courseApi<unknown>()).not.toBe(firstApi);
    const api = courseApi<{ LMSInitialize(v: string): string; LMSSetValue(k: string, v: string): string }>();
    api.LMSInitialize('');
    api.LMSSetValue('cmi.core.lesson_location', '2');
    await second.flush();
    expect(saved.at(-1)).toMatchObject({ scoId: 'B', sequence: 1, cmi: { core: { lesson_location: '2' } } });
    second.dispose();
  });
});
