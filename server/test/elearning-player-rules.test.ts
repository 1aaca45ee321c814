import { describe, expect, it } from 'vitest';
import { parseRange } from '../src/modules/elearnings/playerRoutes';
import { cmiForLaunch, cmiForStorage, formatScormTime, summariseCmi } from '../src/modules/elearnings/scormRules';

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
