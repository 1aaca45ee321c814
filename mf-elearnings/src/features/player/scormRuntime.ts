import type {
  ElearningExecution,
  ElearningSaveExecutionRequest,
  ElearningSaveExecutionResponse,
  ScormSequencingTree,
} from '@dash/shared-core';
import { SEQUENCING_STATE_MAX } from '@dash/shared-core';
import { saveExecution, saveExecutionByBeacon } from './api/saveExecution';
import {
  type NavigationValidity,
  rootOf,
  type SequencingApi,
  type SequencingView,
  sequencingSettings,
  stateOf,
  viewOf,
} from './sequencer';

/**
 * The SCORM runtime of the player: scorm-again's API object (Scorm12API or Scorm2004API) lives here, on the
 * dashboard's origin, and the course runs on the course origin (docs/scorm.md "Isolation"): the course's frame page
 * holds scorm-again's CrossFrameAPI, which passes the course's calls by postMessage to the CrossFrameLMS here, which
 * accepts messages from the course origin only. One runtime per SCO launch: in a package of several SCOs each launch
 * gets a fresh API object with that SCO's tree, and its commits name the SCO and are numbered after the SCO's own
 * last one. scorm-again sends nothing itself: every Commit, Finish/Terminate and (for courses that never commit) a
 * quiet moment after changes become one numbered save-execution call; when the page goes away the last state goes by
 * sendBeacon.
 */

/** Courses that set values without ever calling Commit still get saved this long after their last change. */
export const IDLE_SAVE_MS = 5_000;

interface RuntimeApi extends Partial<SequencingApi> {
  loadFromJSON(json: Record<string, unknown>, element?: string): void;
  renderCommitCMI(terminateCommit: boolean, includeTotalTime?: boolean): unknown;
  renderCommitObject(terminateCommit: boolean, includeTotalTime?: boolean): { totalTimeSeconds?: number };
  on(listenerName: string, callback: (...args: unknown[]) => void): void;
}

export interface RuntimeCallbacks {
  /** Each save the server answered (applied or not). */
  onSaved(response: ElearningSaveExecutionResponse): void;
  /** The course called LMSFinish / Terminate. */
  onFinished(): void;
  /** A save failed (network, server); the next one carries the whole tree again. */
  onSaveFailed(error: unknown): void;
  /**
   * SCORM 2004: the SCO terminated with a navigation request (`adl.nav.request` continue, previous or
   * `{target=…}choice`); the player opens that item.
   */
  onNavigationRequest?(request: NavigationRequest): void;
}

export type NavigationRequest = { kind: 'next' } | { kind: 'previous' } | { kind: 'choice'; target: string };

/** A sequenced course (SCORM 2004 with imsss:sequencing): the engine's part of one SCO launch. */
export interface RuntimeSequencing {
  tree: ScormSequencingTree;
  /** The engine's state to start from (the previous launch's, or the one read from the server). */
  state: string;
  /** The next number of the execution's sequencing state (one counter for every launch). */
  nextSequence(): number;
  /** The engine delivered another activity (after the SCO ended, a rule, or navigate()); its data is saved first. */
  onDelivery(activityId: string): void;
  /** The sequencing session ended (end of the course, exit all): nothing is delivered. */
  onSessionEnd(): void;
  /** The table of contents and buttons changed (statuses, what may be chosen). */
  onView(view: SequencingView): void;
}

export interface ScormRuntime {
  /** Saves now through the API client (while the page stays). */
  save(): Promise<void>;
  /** Saves what is not saved yet and waits for every save in flight (before another SCO opens). */
  flush(): Promise<void>;
  /** Saves by sendBeacon (the page goes away); nothing when everything is saved already. */
  saveOnLeave(): void;
  dispose(): void;
  /**
   * Sequenced courses: a navigation request of the learner (continue, previous, choice, exitAll) processed by the
   * engine with this SCO's data; false when the engine refuses it (or without sequencing). Once accepted, the
   * course frame's late calls are no longer taken (the next activity is the engine's current one).
   */
  navigate(request: string, target?: string): boolean;
  /** The engine's state now (sequenced courses), for the next launch. */
  sequencingState(): string | null;
}

type RuntimeApiClass = new (settings: Record<string, unknown>) => RuntimeApi;

interface CrossFrameLms {
  destroy(): void;
}
type CrossFrameLmsClass = new (api: RuntimeApi, origin: string, options: { rateLimit: number }) => CrossFrameLms;

/**
 * Calls a course may make in one second before the bridge refuses more (scorm-again's default of 100 is below what
 * a quiz writing its interactions sends in a burst: every SetValue is two messages).
 */
const CALLS_PER_SECOND = 2_000;

async function createApi(
  version: ElearningExecution['scormVersion'],
  sequencing?: Record<string, unknown>,
): Promise<RuntimeApi> {
  // Only the version the course needs is loaded (each is its own chunk). scorm-again's ESM files export the class
  // by name while its type declarations say default: the named export is what runs.
  // selfReportSessionTime: the runtime measures the time from Initialize itself (many courses never report it).
  const settings = { lmsCommitUrl: false, autocommit: false, logLevel: 4, selfReportSessionTime: true };
  if (version === '1.2') {
    const { Scorm12API } = (await import('scorm-again/scorm12')) as unknown as { Scorm12API: RuntimeApiClass };
    return new Scorm12API(settings);
  }
  const { Scorm2004API } = (await import('scorm-again/scorm2004')) as unknown as { Scorm2004API: RuntimeApiClass };
  return new Scorm2004API(sequencing ? { ...settings, sequencing } : settings);
}

/**
 * An engine without a course (a sequenced course before its first activity, or after its session ended): decides
 * what to deliver first, and takes the learner's choice from the table of contents.
 */
export async function createSequencer(
  tree: ScormSequencingTree,
  state: string | null,
  listeners: { onActivityDelivery(id: string): void; onSessionEnd(): void },
): Promise<{
  api: SequencingApi;
  validity(): NavigationValidity | null;
}> {
  let validity: NavigationValidity | null = null;
  const api = await createApi(
    '2004',
    sequencingSettings(tree, {
      ...listeners,
      onValidity: (next) => {
        validity = next;
      },
    }),
  );
  const engine = api as RuntimeApi & SequencingApi;
  if (state) engine.deserializeSequencingState(state);
  return { api: engine, validity: () => validity };
}

/** scorm-again's adl.data of a SCORM 2004 API: the shared data stores mapped to the delivered activity. */
export interface SharedDataView {
  adl?: {
    data?: {
      // scorm-again 3.4.3 (pinned) has no getter for the read permission: its field is read.
      childArray?: Array<{ id: string; storeValue: string; storeIsSet: boolean; _readSharedData?: boolean }>;
    };
  };
  getFlattenedCMI?(): Record<string, unknown>;
}

/**
 * The run-time data the course frame copies before the course starts (`getFlattenedCMI`), with the shared data
 * stores (`adl.data`) beside the cmi tree: a course reads them right after Initialize, like `cmi.entry`, when an
 * answer by message could not have arrived yet.
 */
export function withSharedData(api: SharedDataView): void {
  const flattened = api.getFlattenedCMI?.bind(api);
  if (!flattened) return;
  api.getFlattenedCMI = () => {
    const flat: Record<string, unknown> = { ...flattened() };
    const stores = api.adl?.data?.childArray ?? [];
    flat['adl.data._count'] = String(stores.length);
    for (const [index, store] of stores.entries()) {
      flat[`adl.data.${index}.id`] = store.id;
      if (store._readSharedData !== false && store.storeIsSet) flat[`adl.data.${index}.store`] = store.storeValue;
    }
    return flat;
  };
}

/** The course frame's end of the bridge: answers the course origin's messages with the API's methods. */
async function connectCourse(api: RuntimeApi, launchUrl: string): Promise<CrossFrameLms> {
  const { CrossFrameLMS } = (await import('scorm-again/cross-frame-lms')) as unknown as {
    CrossFrameLMS: CrossFrameLmsClass;
  };
  withSharedData(api as unknown as SharedDataView);
  return new CrossFrameLMS(api, new URL(launchUrl, window.location.href).origin, { rateLimit: CALLS_PER_SECOND });
}

export async function startScormRuntime(
  execution: ElearningExecution,
  callbacks: RuntimeCallbacks,
  sequencing?: RuntimeSequencing,
): Promise<ScormRuntime> {
  let validity: NavigationValidity | null = null;
  let ended = false;
  let disposedRef = false;
  let emitView: () => void = () => undefined;
  const api = await createApi(
    execution.scormVersion,
    sequencing
      ? sequencingSettings(sequencing.tree, {
          // Fired while the engine works (inside Terminate): the save of the state after it is queued first.
          onActivityDelivery: (id) =>
            setTimeout(() => {
              if (!disposedRef) sequencing.onDelivery(id);
            }, 0),
          onSessionEnd: () => {
            ended = true;
            setTimeout(() => {
              if (!disposedRef) {
                emitView();
                sequencing.onSessionEnd();
              }
            }, 0);
          },
          onValidity: (next) => {
            validity = next;
            emitView();
          },
        })
      : undefined,
  );
  api.loadFromJSON(execution.cmi, '');
  const engine = sequencing ? (api as RuntimeApi & SequencingApi) : null;
  if (engine && sequencing) engine.deserializeSequencingState(sequencing.state);
  emitView = () => {
    if (engine && sequencing) sequencing.onView(viewOf(engine, sequencing.tree, validity, ended));
  };
  const bridge = await connectCourse(api, execution.launchUrl);
  let bridgeOpen = true;
  emitView();
  let sequence = execution.sequence;
  let terminated = false;
  let dirty = false;
  let inFlight = 0;
  let disposed = false;
  let idleTimer: ReturnType<typeof setTimeout> | undefined;
  // Saves go one after another: the server would ignore an older one anyway, but there is no need to race.
  let queue: Promise<void> = Promise.resolve();

  const commitBody = (): ElearningSaveExecutionRequest => {
    sequence += 1;
    const rendered = api.renderCommitCMI(terminated, true) as { cmi?: Record<string, unknown> };
    const summary = api.renderCommitObject(terminated, true);
    const body: ElearningSaveExecutionRequest = {
      uuid: execution.uuid,
      scoId: execution.scoId,
      sequence,
      cmi: rendered.cmi ?? {},
      totalTimeSeconds: Math.max(0, Math.round(summary.totalTimeSeconds ?? 0)),
    };
    if (engine && sequencing) {
      const state = stateOf(engine);
      // A state above the limit is not sent (docs/scorm.md "Missing"): the course then resumes from the last one.
      if (state.length <= SEQUENCING_STATE_MAX) {
        body.sequencing = { sequence: sequencing.nextSequence(), state, root: rootOf(engine) };
      }
      emitView();
    }
    return body;
  };

  const save = (): Promise<void> => {
    clearTimeout(idleTimer);
    const body = commitBody();
    dirty = false;
    inFlight += 1;
    queue = queue.then(async () => {
      try {
        callbacks.onSaved(await saveExecution(body));
      } catch (error) {
        dirty = true;
        callbacks.onSaveFailed(error);
      } finally {
        inFlight -= 1;
      }
    });
    return queue;
  };

  const changed = () => {
    dirty = true;
    clearTimeout(idleTimer);
    idleTimer = setTimeout(() => {
      if (!disposed) void save();
    }, IDLE_SAVE_MS);
  };

  const prefix = execution.scormVersion === '1.2' ? 'LMS' : '';
  api.on(execution.scormVersion === '1.2' ? 'LMSSetValue.cmi.*' : 'SetValue.cmi.*', changed);
  api.on(`${prefix}Commit`, () => void save());
  api.on(execution.scormVersion === '1.2' ? 'LMSFinish' : 'Terminate', () => {
    terminated = true;
    if (engine) {
      // The engine processes the SCO's navigation request after this listener: the save carries the state after it.
      setTimeout(() => void save().then(() => callbacks.onFinished()), 0);
      return;
    }
    void save().then(() => callbacks.onFinished());
  });
  if (execution.scormVersion === '2004' && !engine) {
    // scorm-again reports a navigation request at Terminate when no sequencing is configured (ours is not).
    const navigate = (request: NavigationRequest) => {
      if (!disposed) callbacks.onNavigationRequest?.(request);
    };
    api.on('SequenceNext', () => navigate({ kind: 'next' }));
    api.on('SequencePrevious', () => navigate({ kind: 'previous' }));
    api.on('SequenceChoice', (target) => {
      if (typeof target === 'string' && target) navigate({ kind: 'choice', target });
    });
  }

  // A save still in flight when the page closes may be cancelled with it: the beacon carries the same data again
  // under a higher number (whichever lands last, the newer data stays).
  const saveOnLeave = () => {
    if ((!dirty && inFlight === 0) || disposed) return;
    clearTimeout(idleTimer);
    dirty = false;
    if (!saveExecutionByBeacon(commitBody())) dirty = true;
  };

  return {
    save,
    flush() {
      if (dirty && !disposed) void save();
      return queue;
    },
    saveOnLeave,
    dispose() {
      saveOnLeave();
      disposed = true;
      disposedRef = true;
      clearTimeout(idleTimer);
      if (bridgeOpen) bridge.destroy();
      bridgeOpen = false;
    },
    navigate(request, target) {
      if (!engine || disposed) return false;
      let accepted = false;
      try {
        accepted = engine.processNavigationRequest(request, target);
      } catch {
        accepted = false;
      }
      if (!accepted) return false;
      // The course frame goes next: what it still sends belongs to an activity the engine has left.
      if (bridgeOpen) bridge.destroy();
      bridgeOpen = false;
      void save();
      return true;
    },
    sequencingState() {
      return engine ? stateOf(engine) : null;
    },
  };
}
