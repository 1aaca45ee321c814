import type { ScormActivity, ScormSequencingTree, SequencingRoot } from '@dash/shared-core';

/**
 * SCORM 2004 sequencing in the player (docs/scorm.md "Sequencing"): scorm-again's sequencing engine, configured with
 * the package's activity tree, decides which activity is delivered. Each SCO launch has its own Scorm2004API (as
 * without sequencing); the engine's state (activity states, attempt counts, global objectives, the current activity)
 * passes from one launch to the next, and to the server, as scorm-again's serialized sequencing state.
 */

/** The engine's activity as far as the player reads it. */
interface EngineActivity {
  id: string;
  title: string;
  isVisible?: boolean;
  isActive?: boolean;
  completionStatus?: string;
  successStatus?: string;
  attemptCount?: number;
  objectiveMeasureStatus?: boolean;
  objectiveNormalizedMeasure?: number;
  isHiddenFromChoice?: boolean;
  children: EngineActivity[];
}

export interface NavigationValidity {
  continue: boolean;
  previous: boolean;
  choice: Record<string, 'true' | 'false'>;
  hideLmsUi: string[];
}

export interface SequencingApi {
  processNavigationRequest(request: string, targetActivityId?: string): boolean;
  serializeSequencingState(): string;
  deserializeSequencingState(state: string): boolean;
  getSequencingState(): { currentActivity: EngineActivity | null; rootActivity: EngineActivity | null };
}

export type ActivityStatus = 'notAttempted' | 'incomplete' | 'failed' | 'completed' | 'passed';

/** One entry of the sequenced table of contents. */
export interface ActivityView {
  id: string;
  title: string;
  launchable: boolean;
  status: ActivityStatus;
  /** The learner may choose it now (the engine's choice validity). */
  available: boolean;
  children: ActivityView[];
}

export interface SequencingView {
  root: ActivityView;
  currentId: string | null;
  canContinue: boolean;
  canPrevious: boolean;
  /** adlnav:presentation of the current activity: buttons the player hides. */
  hidden: string[];
  /** The sequencing session ended (end of the course, or exit): nothing is delivered until the learner chooses. */
  ended: boolean;
}

export interface SequencingListeners {
  onActivityDelivery(activityId: string): void;
  onSessionEnd(): void;
  onValidity(validity: NavigationValidity): void;
}

/** The `sequencing` settings of a Scorm2004API for this package. */
export function sequencingSettings(tree: ScormSequencingTree, listeners: SequencingListeners): Record<string, unknown> {
  return {
    activityTree: tree.activityTree,
    // Rollup as the course sets its statuses: a commit carries the course's status even before Terminate.
    autoRollupOnCMIChange: true,
    logLevel: 'error',
    eventListeners: {
      onActivityDelivery: (activity: { id: string }) => listeners.onActivityDelivery(activity.id),
      onSequencingSessionEnd: () => listeners.onSessionEnd(),
      onNavigationValidityUpdate: (validity: NavigationValidity) => listeners.onValidity(validity),
    },
  };
}

/**
 * The engine's state to keep: scorm-again also writes a second copy of every activity for suspend-all
 * (`suspensionState`), which the player does not use (it never suspends all): left out, it halves the size.
 */
export function stateOf(api: SequencingApi): string {
  const state = JSON.parse(api.serializeSequencingState()) as Record<string, unknown>;
  const sequencing = state.sequencing as { suspendedActivity?: unknown } | null | undefined;
  if (!sequencing?.suspendedActivity) delete state.suspensionState;
  delete state.timestamp;
  return JSON.stringify(state);
}

const COMPLETION = new Set(['completed', 'incomplete', 'not attempted', 'unknown']);
const SUCCESS = new Set(['passed', 'failed', 'unknown']);

/** The course's rolled-up status (the root activity) the server's completion follows. */
export function rootOf(api: SequencingApi): SequencingRoot {
  const root = api.getSequencingState().rootActivity;
  const completion = root?.completionStatus ?? 'unknown';
  const success = root?.successStatus ?? 'unknown';
  const measure =
    root?.objectiveMeasureStatus && typeof root.objectiveNormalizedMeasure === 'number'
      ? Math.round(Math.min(1, Math.max(0, root.objectiveNormalizedMeasure)) * 10_000) / 100
      : null;
  return {
    completionStatus: (COMPLETION.has(completion) ? completion : 'unknown') as SequencingRoot['completionStatus'],
    successStatus: (SUCCESS.has(success) ? success : 'unknown') as SequencingRoot['successStatus'],
    scorePercent: measure,
  };
}

function statusOf(activity: EngineActivity): ActivityStatus {
  if (activity.successStatus === 'passed') return 'passed';
  if (activity.completionStatus === 'completed' && activity.successStatus !== 'failed') return 'completed';
  if (activity.successStatus === 'failed') return 'failed';
  return (activity.attemptCount ?? 0) > 0 ? 'incomplete' : 'notAttempted';
}

interface OverallProcess {
  predictChoiceEnabled?(id: string): boolean;
}

/**
 * What may be requested when the engine has not said yet (a launch from a restored state: its validity event comes
 * with the next navigation): choice as the engine predicts it, continue and previous offered (the engine refuses
 * them if its rules do), the buttons the current activity's presentation hides.
 */
export function predictedValidity(api: SequencingApi, tree: ScormSequencingTree): NavigationValidity {
  const service = (
    api as { getSequencingService?(): { getOverallSequencingProcess(): OverallProcess | null } | null }
  ).getSequencingService?.();
  const process = service?.getOverallSequencingProcess() ?? null;
  const choice: Record<string, 'true' | 'false'> = {};
  let hideLmsUi: string[] = [];
  const currentId = api.getSequencingState().currentActivity?.id;
  const walk = (activity: ScormActivity) => {
    if (activity.launchable) {
      let enabled = false;
      try {
        enabled = process?.predictChoiceEnabled?.(activity.id) ?? false;
      } catch {
        enabled = false;
      }
      choice[activity.id] = enabled ? 'true' : 'false';
    }
    if (activity.id === currentId) hideLmsUi = activity.hideLmsUi ?? [];
    for (const child of activity.children ?? []) walk(child);
  };
  walk(tree.activityTree);
  return { continue: true, previous: true, choice, hideLmsUi };
}

/** The table of contents from the engine's tree (statuses) and the package's (titles, what can be launched). */
export function viewOf(
  api: SequencingApi,
  tree: ScormSequencingTree,
  validity: NavigationValidity | null,
  ended: boolean,
): SequencingView {
  const state = api.getSequencingState();
  const engine = new Map<string, EngineActivity>();
  const collect = (activity: EngineActivity | null | undefined, depth: number) => {
    if (!activity || depth > 50) return;
    engine.set(activity.id, activity);
    for (const child of activity.children ?? []) collect(child, depth + 1);
  };
  collect(state.rootActivity, 0);
  const known = validity ?? predictedValidity(api, tree);
  const build = (activity: ScormActivity): ActivityView => {
    const live = engine.get(activity.id);
    return {
      id: activity.id,
      title: activity.title,
      launchable: activity.launchable,
      status: live ? statusOf(live) : 'notAttempted',
      available:
        activity.launchable &&
        !live?.isHiddenFromChoice &&
        (validity ? validity.choice[activity.id] === 'true' : false),
      children: (activity.children ?? []).filter((child) => child.isVisible !== false).map(build),
    };
  };
  const current = state.currentActivity;
  return {
    root: build(tree.activityTree),
    currentId: current && !ended ? current.id : null,
    canContinue: known.continue,
    canPrevious: known.previous,
    hidden: known.hideLmsUi,
    ended,
  };
}

/** True when the activity is a launchable item of the package (a delivered cluster would have nothing to show). */
export function isLaunchable(tree: ScormSequencingTree, id: string): boolean {
  const find = (activity: ScormActivity): boolean =>
    (activity.id === id && activity.launchable) || (activity.children ?? []).some(find);
  return find(tree.activityTree);
}

/**
 * Automatic deliveries (a SCO's end, rules) without the learner in between, within this window, before the player
 * stops: rules that send the learner round in a circle (post-condition retry on a SCO that ends at once, previous
 * and continue rules that answer each other) end in a message, never in an endless reload.
 */
export const LOOP_WINDOW_MS = 30_000;
export const LOOP_LIMIT = 8;

export function createLoopGuard(now: () => number = Date.now) {
  let automatic: number[] = [];
  return {
    /** The learner acted (a button, the tree): the count starts again. */
    learner() {
      automatic = [];
    },
    /** An automatic delivery; false when it is one too many. */
    automatic(): boolean {
      const at = now();
      automatic = automatic.filter((time) => at - time < LOOP_WINDOW_MS);
      automatic.push(at);
      return automatic.length <= LOOP_LIMIT;
    },
  };
}
