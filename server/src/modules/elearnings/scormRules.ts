/**
 * What a SCORM data tree means for the product: done or not, score and time (docs/scorm.md "When is a course
 * done"). Pure functions over the cmi tree as scorm-again renders it (`{core: {...}}` for 1.2, flat for 2004).
 */

import type { ItemData } from './scormPackage';

export type ScormVersion = '1.2' | '2004';
type Tree = Record<string, unknown>;

export interface CmiSummary {
  /** 1.2: lesson_status; 2004: completion_status. */
  completionStatus: string | null;
  /** 1.2: passed/failed from lesson_status; 2004: success_status. */
  successStatus: string | null;
  done: boolean;
  scorePercent: number | null;
  passed: boolean | null;
}

function node(tree: unknown, key: string): Tree {
  const value = (tree as Tree | undefined)?.[key];
  return value && typeof value === 'object' && !Array.isArray(value) ? (value as Tree) : {};
}

function str(tree: Tree, key: string): string {
  const value = tree[key];
  return typeof value === 'string' ? value.trim() : typeof value === 'number' ? String(value) : '';
}

function num(tree: Tree, key: string): number | null {
  const raw = str(tree, key);
  if (raw === '') return null;
  const value = Number(raw);
  return Number.isFinite(value) ? value : null;
}

const clampPercent = (value: number) => Math.round(Math.min(100, Math.max(0, value)) * 100) / 100;

/** scaled (2004) first; else raw within min..max (max defaults to 100 as both SCORM versions assume). */
function scorePercentOf(score: Tree): number | null {
  const scaled = num(score, 'scaled');
  if (scaled !== null) return clampPercent(scaled * 100);
  const raw = num(score, 'raw');
  if (raw === null) return null;
  const min = num(score, 'min') ?? 0;
  const max = num(score, 'max') ?? 100;
  if (max <= min) return clampPercent(raw);
  return clampPercent(((raw - min) / (max - min)) * 100);
}

export function summariseCmi(version: ScormVersion, cmi: Tree): CmiSummary {
  if (version === '1.2') {
    const core = node(cmi, 'core');
    const status = str(core, 'lesson_status') || null;
    const passed = status === 'passed' ? true : status === 'failed' ? false : null;
    return {
      completionStatus: status,
      successStatus: passed === null ? null : status,
      // 1.2: "passed" and "completed" are done; "failed" asks for another try.
      done: status === 'passed' || status === 'completed',
      scorePercent: scorePercentOf(node(core, 'score')),
      passed,
    };
  }
  const completion = str(cmi, 'completion_status') || null;
  const success = str(cmi, 'success_status') || null;
  const passed = success === 'passed' ? true : success === 'failed' ? false : null;
  return {
    completionStatus: completion,
    successStatus: success,
    // 2004: passed, or completed without a failed quiz (success unknown counts as no quiz).
    done: success === 'passed' || (completion === 'completed' && success !== 'failed'),
    scorePercent: scorePercentOf(node(cmi, 'score')),
    passed,
  };
}

/** What is stored of one SCO of an execution (its commits, summarised by `summariseCmi`). */
export interface ScoState {
  completionStatus: string | null;
  successStatus: string | null;
  scorePercent: number | null;
  totalTimeSeconds: number;
  /** The SCO was done once (never undone). */
  done: boolean;
}

export interface AttemptSummary {
  completionStatus: string | null;
  successStatus: string | null;
  done: boolean;
  scorePercent: number | null;
  passed: boolean | null;
  totalTimeSeconds: number;
}

const passedOf = (success: string | null): boolean | null =>
  success === 'passed' ? true : success === 'failed' ? false : null;

/**
 * The attempt (the execution) from its SCOs (docs/scorm.md "Several SCOs"): done when every SCO of the package is
 * done; the score is the average of the SCOs that report one; passed when no SCO failed and one passed (false when
 * one failed, unknown when none says); the time is the sum. A package of one SCO is that SCO exactly, as before.
 * `scoIds`: the package's SCOs (assets do not count); `states`: the stored SCOs by id (a SCO without a commit has none).
 */
export function summariseAttempt(scoIds: readonly string[], states: ReadonlyMap<string, ScoState>): AttemptSummary {
  const totalTimeSeconds = [...states.values()].reduce((sum, state) => sum + state.totalTimeSeconds, 0);
  if (scoIds.length === 1) {
    const only = states.get(scoIds[0] ?? '');
    return {
      completionStatus: only?.completionStatus ?? null,
      successStatus: only?.successStatus ?? null,
      done: only?.done ?? false,
      scorePercent: only?.scorePercent ?? null,
      passed: passedOf(only?.successStatus ?? null),
      totalTimeSeconds,
    };
  }
  const scos = scoIds.map((id) => states.get(id));
  const done = scos.length > 0 && scos.every((state) => state?.done === true);
  const scores = scos.flatMap((state) => (state?.scorePercent == null ? [] : [state.scorePercent]));
  const scorePercent =
    scores.length === 0
      ? null
      : Math.round((scores.reduce((sum, score) => sum + score, 0) / scores.length) * 100) / 100;
  const outcomes = scos.map((state) => passedOf(state?.successStatus ?? null));
  const passed = outcomes.includes(false) ? false : outcomes.includes(true) ? true : null;
  const started = scos.some((state) => state !== undefined);
  return {
    completionStatus: done ? 'completed' : started ? 'incomplete' : null,
    successStatus: passed === null ? null : passed ? 'passed' : 'failed',
    done,
    scorePercent,
    passed,
    totalTimeSeconds,
  };
}

/** The rolled-up status of a sequenced course (the sequencer's root activity), as the player sends it. */
export interface SequencedRoot {
  completionStatus: string;
  successStatus: string;
  scorePercent: number | null;
}

/**
 * A sequenced course (docs/scorm.md "Sequencing"): done as its root activity says after the manifest's rollup rules
 * (passed, or completed and not failed), so that a pre-test passed may make the rest unnecessary; the score is the
 * root's measure when the rules give one, else the average of the scored SCOs; the time is the sum of the SCOs'.
 */
export function summariseSequencedAttempt(
  root: SequencedRoot,
  scoIds: readonly string[],
  states: ReadonlyMap<string, ScoState>,
): AttemptSummary {
  const bySco = summariseAttempt(scoIds, states);
  const passed = passedOf(root.successStatus);
  const done = passed === true || (root.completionStatus === 'completed' && passed !== false);
  const started = states.size > 0;
  return {
    completionStatus: done ? 'completed' : started ? 'incomplete' : null,
    successStatus: passed === null ? null : root.successStatus,
    done,
    scorePercent: root.scorePercent === null ? bySco.scorePercent : clampPercent(root.scorePercent),
    passed,
    totalTimeSeconds: bySco.totalTimeSeconds,
  };
}

export type ScoStatus = 'notAttempted' | 'incomplete' | 'failed' | 'completed' | 'passed';

/** One SCO as the player's table of contents shows it. */
export function scoStatusOf(state: ScoState | undefined): ScoStatus {
  if (!state) return 'notAttempted';
  if (state.done) return state.successStatus === 'passed' ? 'passed' : 'completed';
  return state.successStatus === 'failed' ? 'failed' : 'incomplete';
}

function pad(value: number, length = 2): string {
  return String(value).padStart(length, '0');
}

/** Seconds as SCORM 1.2 CMITimespan (HHHH:MM:SS) or SCORM 2004 duration (PT#H#M#S). */
export function formatScormTime(version: ScormVersion, seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const hours = Math.floor(whole / 3600);
  const minutes = Math.floor((whole % 3600) / 60);
  const rest = whole % 60;
  if (version === '1.2') return `${pad(hours, 4)}:${pad(minutes)}:${pad(rest)}`;
  return `PT${hours}H${minutes}M${rest}S`;
}

/**
 * The tree as stored: session_time leaves (it is write-only and counted into total_time already; loading it back
 * would count it twice), total_time is the whole time so far, so the next session adds to it.
 */
export function cmiForStorage(version: ScormVersion, cmi: Tree, totalSeconds: number): Tree {
  const copy = structuredClone(cmi);
  const holder = version === '1.2' ? node(copy, 'core') : copy;
  if (version === '1.2' && !copy.core) copy.core = holder;
  delete holder.session_time;
  holder.total_time = formatScormTime(version, totalSeconds);
  return copy;
}

export interface Learner {
  id: string;
  /** "Last, First" as both SCORM versions ask. */
  name: string;
  language: 'de_DE' | 'en_GB';
}

/**
 * The tree the player loads: the learner, his language, `entry` = resume when the course suspended (it left
 * with exit "suspend" or kept a bookmark / suspend data), ab-initio on a first start, and the item data of the
 * manifest (launch data, mastery score, time limit, completion threshold), which the SCO may read but not change.
 */
export function cmiForLaunch(version: ScormVersion, stored: Tree, learner: Learner, data: ItemData = {}): Tree {
  const copy = structuredClone(stored);
  const language = learner.language === 'de_DE' ? 'de' : 'en';
  // Both versions keep it at the top of the tree.
  if (data.launchData !== undefined) copy.launch_data = data.launchData;
  if (version === '1.2') {
    const core = node(copy, 'core');
    copy.core = core;
    const resume =
      str(core, 'exit') === 'suspend' || str(core, 'lesson_location') !== '' || str(copy, 'suspend_data') !== '';
    core.entry = resume ? 'resume' : 'ab-initio';
    core.exit = '';
    core.student_id = learner.id;
    core.student_name = learner.name;
    copy.student_preference = { ...node(copy, 'student_preference'), language };
    const studentData = node(copy, 'student_data');
    if (data.masteryScore !== undefined) studentData.mastery_score = String(data.masteryScore);
    if (data.maxTimeAllowed !== undefined) studentData.max_time_allowed = data.maxTimeAllowed;
    if (data.timeLimitAction !== undefined) studentData.time_limit_action = data.timeLimitAction;
    if (Object.keys(studentData).length > 0) copy.student_data = studentData;
    return copy;
  }
  const resume = str(copy, 'exit') === 'suspend' || str(copy, 'location') !== '' || str(copy, 'suspend_data') !== '';
  copy.entry = resume ? 'resume' : 'ab-initio';
  copy.exit = '';
  copy.learner_id = learner.id;
  copy.learner_name = learner.name;
  copy.learner_preference = { ...node(copy, 'learner_preference'), language };
  if (data.timeLimitAction !== undefined) copy.time_limit_action = data.timeLimitAction;
  if (data.completionThreshold !== undefined) copy.completion_threshold = String(data.completionThreshold);
  // Only a 2004 timespan (from sequencing): a 1.2-style HHHH:MM:SS would fail the runtime's type check at load.
  if (data.maxTimeAllowed?.startsWith('P')) copy.max_time_allowed = data.maxTimeAllowed;
  if (data.scaledPassingScore !== undefined) copy.scaled_passing_score = String(data.scaledPassingScore);
  return copy;
}
