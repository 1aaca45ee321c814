import { describe, expect, it } from 'vitest';
import { parseRange } from '../src/modules/elearnings/routes/courseFiles';
import {
  cmiForLaunch,
  cmiForStorage,
  formatScormTime,
  type ScoState,
  scoStatusOf,
  summariseAttempt,
  summariseCmi,
} from '../src/modules/elearnings/scormRules';

/** The "done" rules of docs/scorm.md, one case per row of its table. */
describe('when a SCORM course is done', () => {
  it.each([
    ['passed', true, true],
    ['completed', true, null],
    ['failed', false, false],
    ['incomplete', false, null],
    ['browsed', false, null],
    ['not attempted', false, null],
  ])('SCORM 1.2 lesson_status %s: done %s, passed %s', (status, done, passed) => {
    const summary = summariseCmi('1.2', { core: { lesson_status: status } });
    expect(summary.done).toBe(done);
    expect(summary.passed).toBe(passed);
  });

  it.each([
    ['completed', 'passed', true],
    ['completed', 'unknown', true],
    ['completed', '', true],
    ['completed', 'failed', false],
    ['incomplete', 'passed', true],
    ['unknown', 'passed', true],
    ['incomplete', 'unknown', false],
    ['incomplete', 'failed', false],
  ])('SCORM 2004 completion %s, success %s: done %s', (completion, success, done) => {
    expect(summariseCmi('2004', { completion_status: completion, success_status: success }).done).toBe(done);
  });

  it('scores: 2004 scaled first, else raw within min..max, else raw as percent', () => {
    expect(summariseCmi('2004', { score: { scaled: '0.75', raw: '3' } }).scorePercent).toBe(75);
    expect(summariseCmi('2004', { score: { raw: '8', min: '0', max: '10' } }).scorePercent).toBe(80);
    expect(summariseCmi('1.2', { core: { score: { raw: '66' } } }).scorePercent).toBe(66);
    expect(summariseCmi('1.2', { core: { score: { raw: '' } } }).scorePercent).toBeNull();
    expect(summariseCmi('1.2', { core: { score: { raw: '250' } } }).scorePercent).toBe(100);
  });
});

/** "Several SCOs" of docs/scorm.md: the attempt from its SCOs. */
describe('when an attempt of several SCOs is done', () => {
  /** A SCO as stored after a commit of the given tree (done as summariseCmi says). */
  const sco = (version: '1.2' | '2004', cmi: Record<string, unknown>, seconds = 60): ScoState => {
    const summary = summariseCmi(version, cmi);
    return { ...summary, totalTimeSeconds: seconds };
  };
  const ids = ['a', 'b', 'c'];

  it('is done only when every SCO is done (SCORM 1.2: passed or completed)', () => {
    const states = new Map([
      ['a', sco('1.2', { core: { lesson_status: 'passed' } })],
      ['b', sco('1.2', { core: { lesson_status: 'completed' } })],
    ]);
    expect(summariseAttempt(ids, states)).toMatchObject({ done: false, completionStatus: 'incomplete' });
    states.set('c', sco('1.2', { core: { lesson_status: 'failed' } }));
    expect(summariseAttempt(ids, states)).toMatchObject({ done: false, passed: false, successStatus: 'failed' });
    states.set('c', sco('1.2', { core: { lesson_status: 'browsed' } }));
    expect(summariseAttempt(ids, states).done).toBe(false);
    states.set('c', sco('1.2', { core: { lesson_status: 'completed' } }));
    expect(summariseAttempt(ids, states)).toMatchObject({
      done: true,
      completionStatus: 'completed',
      passed: true,
      successStatus: 'passed',
      totalTimeSeconds: 180,
    });
  });

  it('SCORM 2004: completed and not failed (or passed) per SCO', () => {
    const states = new Map([
      ['a', sco('2004', { completion_status: 'completed', success_status: 'unknown' })],
      ['b', sco('2004', { completion_status: 'completed', success_status: 'failed' })],
      ['c', sco('2004', { completion_status: 'incomplete', success_status: 'passed' })],
    ]);
    expect(summariseAttempt(ids, states)).toMatchObject({ done: false, passed: false });
    states.set('b', sco('2004', { completion_status: 'completed' }));
    // Nobody reports success: done, passed unknown.
    states.set('c', sco('2004', { completion_status: 'completed', success_status: 'unknown' }));
    expect(summariseAttempt(ids, states)).toMatchObject({ done: true, passed: null, successStatus: null });
  });

  it('assets and SCOs without a commit: only the SCOs named count, a SCO never started keeps it open', () => {
    const states = new Map([['a', sco('2004', { completion_status: 'completed' })]]);
    expect(summariseAttempt(['a', 'b'], states)).toMatchObject({ done: false, completionStatus: 'incomplete' });
    expect(summariseAttempt(['a', 'b'], new Map())).toMatchObject({ done: false, completionStatus: null });
    expect(summariseAttempt([], states).done).toBe(false);
  });

  it('scores the average of the SCOs that report a score, rounded to hundredths', () => {
    const states = new Map([
      ['a', sco('2004', { completion_status: 'completed', score: { scaled: '0.5' } })],
      ['b', sco('2004', { completion_status: 'completed' })],
      ['c', sco('2004', { completion_status: 'completed', score: { raw: '1', max: '3' } })],
      ['d', sco('2004', { completion_status: 'completed', score: { scaled: '0.9' } })],
    ]);
    // (50 + 33.33 + 90) / 3; b reports none and is left out (not counted as 0).
    expect(summariseAttempt(['a', 'b', 'c', 'd'], states).scorePercent).toBe(57.78);
    expect(summariseAttempt(['b'], states).scorePercent).toBeNull();
  });

  it('a package of one SCO is that SCO exactly, as before several SCOs', () => {
    for (const cmi of [
      { core: { lesson_status: 'failed', score: { raw: '40' } } },
      { core: { lesson_status: 'passed', score: { raw: '90' } } },
      { core: { lesson_status: 'incomplete' } },
    ]) {
      const state = sco('1.2', cmi, 75);
      const summary = summariseCmi('1.2', cmi);
      expect(summariseAttempt(['only'], new Map([['only', state]]))).toEqual({ ...summary, totalTimeSeconds: 75 });
    }
    expect(summariseAttempt(['only'], new Map())).toMatchObject({ done: false, completionStatus: null });
  });

  it('shows each SCO in the table of contents', () => {
    expect(scoStatusOf(undefined)).toBe('notAttempted');
    expect(scoStatusOf(sco('1.2', { core: { lesson_status: 'incomplete' } }))).toBe('incomplete');
    expect(scoStatusOf(sco('1.2', { core: { lesson_status: 'failed' } }))).toBe('failed');
    expect(scoStatusOf(sco('1.2', { core: { lesson_status: 'completed' } }))).toBe('completed');
    expect(scoStatusOf(sco('2004', { completion_status: 'incomplete', success_status: 'passed' }))).toBe('passed');
  });
});

describe('the stored tree and the launched tree', () => {
  it('drops session_time and keeps the whole time in total_time, in each version format', () => {
    expect(cmiForStorage('1.2', { core: { session_time: '00:01:00' } }, 3725)).toEqual({
      core: { total_time: '0001:02:05' },
    });
    expect(cmiForStorage('2004', { session_time: 'PT1M', location: '2' }, 65)).toEqual({
      location: '2',
      total_time: formatScormTime('2004', 65),
    });
  });

  it('resumes a suspended attempt, starts a new one ab-initio, and names the learner', () => {
    const learner = { id: 'm1', name: 'Doe, Jane', language: 'en_GB' as const };
    expect(cmiForLaunch('1.2', {}, learner)).toMatchObject({
      core: { entry: 'ab-initio', student_id: 'm1', student_name: 'Doe, Jane' },
      student_preference: { language: 'en' },
    });
    expect(cmiForLaunch('1.2', { core: { exit: 'suspend' } }, learner).core).toMatchObject({
      entry: 'resume',
      exit: '',
    });
    expect(cmiForLaunch('2004', { suspend_data: 'x' }, learner)).toMatchObject({ entry: 'resume', learner_id: 'm1' });
  });

  it("hands the SCO the manifest's item data, over whatever a commit stored for it", () => {
    const learner = { id: 'm1', name: 'Doe, Jane', language: 'de_DE' as const };
    const data = {
      launchData: 'level=2',
      masteryScore: 80,
      maxTimeAllowed: '00:30:00',
      timeLimitAction: 'exit,message' as const,
      completionThreshold: 0.75,
    };
    const stored = { launch_data: '', student_data: { mastery_score: '' } };
    expect(cmiForLaunch('1.2', stored, learner, data)).toMatchObject({
      launch_data: 'level=2',
      student_data: { mastery_score: '80', max_time_allowed: '00:30:00', time_limit_action: 'exit,message' },
    });
    expect(cmiForLaunch('2004', {}, learner, data)).toMatchObject({
      launch_data: 'level=2',
      time_limit_action: 'exit,message',
      completion_threshold: '0.75',
    });
    // A 1.2 time limit is no 2004 timespan: left out. SCORM 2004's come from the activity's sequencing.
    expect(cmiForLaunch('2004', {}, learner, data)).not.toHaveProperty('max_time_allowed');
    expect(
      cmiForLaunch('2004', { max_time_allowed: '', scaled_passing_score: '' }, learner, {
        maxTimeAllowed: 'PT45M',
        scaledPassingScore: 0.8,
      }),
    ).toMatchObject({ max_time_allowed: 'PT45M', scaled_passing_score: '0.8' });
    // None stated: nothing added (a SCORM 1.2 tree without student_data keeps none).
    expect(cmiForLaunch('1.2', {}, learner)).not.toHaveProperty('student_data');
    expect(cmiForLaunch('2004', {}, learner)).not.toHaveProperty('launch_data');
  });
});

describe('range requests', () => {
  it('reads one range, a suffix and an open end; refuses what lies outside the file', () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange('bytes=0-9', 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange('bytes=90-', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=-10', 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange('bytes=50-500', 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange('bytes=100-', 100)).toBe('invalid');
    expect(parseRange('bytes=0-1,5-6', 100)).toBeNull();
  });
});
