// @vitest-environment jsdom
import type { ScormSequencingTree } from '@dash/shared-core';
import { describe, expect, it } from 'vitest';
import { createSequencer } from './scormRuntime';
import { createLoopGuard, LOOP_LIMIT, rootOf, stateOf, viewOf } from './sequencer';

/**
 * The player's use of scorm-again's sequencing engine (docs/scorm.md "Sequencing"), with the activity tree the server
 * makes of the sequenced test package: a pre-test, a lesson skipped when the global objective is satisfied, a final
 * test that sends a failed learner back (remediation), rollup of satisfied/completed to the course.
 */
const skipIfMastered = {
  preConditionRules: [
    { action: 'skip', conditionCombination: 'all' as const, conditions: [{ condition: 'satisfied' }] },
  ],
};
const map = (read: boolean, write: boolean) => [
  {
    targetObjectiveID: 'g-mastery',
    readSatisfiedStatus: read,
    readNormalizedMeasure: read,
    writeSatisfiedStatus: write,
    writeNormalizedMeasure: false,
  },
];
const TREE: ScormSequencingTree = {
  activityTree: {
    id: 'ORG',
    title: 'Course',
    launchable: false,
    sequencingControls: { choice: true, flow: true },
    rollupRules: {
      rules: [
        {
          action: 'satisfied',
          consideration: 'any',
          conditionCombination: 'any',
          conditions: [{ condition: 'satisfied' }],
        },
        {
          action: 'completed',
          consideration: 'any',
          conditionCombination: 'any',
          conditions: [{ condition: 'satisfied' }],
        },
      ],
    },
    children: [
      {
        id: 'PRETEST',
        title: 'Pre-test',
        launchable: true,
        primaryObjective: { objectiveID: 'pre', isPrimary: true, mapInfo: map(false, true) },
      },
      {
        id: 'LESSON',
        title: 'Lesson',
        launchable: true,
        sequencingRules: skipIfMastered,
        primaryObjective: { objectiveID: 'lesson', isPrimary: true, mapInfo: map(true, false) },
      },
      {
        id: 'POSTTEST',
        title: 'Test',
        launchable: true,
        hideLmsUi: ['previous'],
        sequencingRules: {
          ...skipIfMastered,
          postConditionRules: [
            {
              action: 'previous',
              conditionCombination: 'all',
              conditions: [{ condition: 'satisfied', operator: 'not' }],
            },
          ],
        },
        primaryObjective: { objectiveID: 'post', isPrimary: true, mapInfo: map(true, true) },
      },
    ],
  },
};

type Api = {
  Initialize(p: string): string;
  SetValue(element: string, value: string): string;
  Terminate(p: string): string;
};

/** One launch: a new engine from the last state, the SCO ends with a result and `continue`. */
async function play(state: string | null, result: 'passed' | 'failed' | 'completed') {
  let delivered: string | null = null;
  let ended = false;
  const engine = await createSequencer(TREE, state, {
    onActivityDelivery: (id) => {
      delivered = id;
    },
    onSessionEnd: () => {
      ended = true;
    },
  });
  const api = engine.api as unknown as Api;
  const current = engine.api.getSequencingState().currentActivity?.id ?? null;
  api.Initialize('');
  api.SetValue('cmi.completion_status', 'completed');
  if (result !== 'completed') api.SetValue('cmi.success_status', result);
  api.SetValue('adl.nav.request', 'continue');
  api.Terminate('');
  return { current, delivered: delivered as string | null, ended, state: stateOf(engine.api), engine };
}

async function start() {
  let delivered: string | null = null;
  const engine = await createSequencer(TREE, null, {
    onActivityDelivery: (id) => {
      delivered = id;
    },
    onSessionEnd: () => undefined,
  });
  expect(engine.api.processNavigationRequest('start')).toBe(true);
  return { delivered: delivered as string | null, state: stateOf(engine.api), engine };
}

describe('the sequencing engine across launches', () => {
  it('failed pre-test: lesson, test; failed test: back to the lesson (remediation); passed: the course rolls up', async () => {
    const first = await start();
    expect(first.delivered).toBe('PRETEST');
    // The suspend-all copy of every activity is left out of the kept state.
    expect(JSON.parse(first.state)).not.toHaveProperty('suspensionState');
    const view = viewOf(first.engine.api, TREE, null, false);
    expect(view.currentId).toBe('PRETEST');
    expect(view.root.children.map((child) => [child.id, child.status])).toEqual([
      ['PRETEST', 'incomplete'],
      ['LESSON', 'notAttempted'],
      ['POSTTEST', 'notAttempted'],
    ]);

    const pre = await play(first.state, 'failed');
    expect([pre.current, pre.delivered]).toEqual(['PRETEST', 'LESSON']);
    const lesson = await play(pre.state, 'completed');
    expect([lesson.current, lesson.delivered]).toEqual(['LESSON', 'POSTTEST']);
    expect(viewOf(lesson.engine.api, TREE, null, false).hidden).toEqual(['previous']);
    const failed = await play(lesson.state, 'failed');
    expect([failed.current, failed.delivered]).toEqual(['POSTTEST', 'LESSON']);
    expect(rootOf(failed.engine.api)).toMatchObject({ successStatus: expect.not.stringMatching('passed') });
    const again = await play(failed.state, 'completed');
    expect(again.delivered).toBe('POSTTEST');
    const passed = await play(again.state, 'passed');
    expect(passed.delivered).toBeNull();
    expect(passed.ended).toBe(true);
    expect(rootOf(passed.engine.api)).toMatchObject({ completionStatus: 'completed', successStatus: 'passed' });
  });

  it('a passed pre-test skips the lesson and the test: the course is done', async () => {
    const first = await start();
    const pre = await play(first.state, 'passed');
    expect(pre.delivered).toBeNull();
    expect(rootOf(pre.engine.api)).toMatchObject({ completionStatus: 'completed', successStatus: 'passed' });
  });
});

describe('the loop guard', () => {
  it(`stops after ${LOOP_LIMIT} automatic deliveries within the window; the learner's action starts again`, () => {
    let now = 0;
    const guard = createLoopGuard(() => now);
    for (let n = 0; n < LOOP_LIMIT; n += 1) expect(guard.automatic()).toBe(true);
    expect(guard.automatic()).toBe(false);
    guard.learner();
    expect(guard.automatic()).toBe(true);
    now += 31_000;
    for (let n = 0; n < LOOP_LIMIT - 1; n += 1) expect(guard.automatic()).toBe(true);
  });
});
