import type { ElearningExecution, ElearningSaveExecutionResponse, ScormSequencingTree } from '@dash/shared-core';
import { Spinner, showToast, useNavigate } from '@dash/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ELEARNING_ROUTES, executionPath } from '../../../routes';
import { readExecutionItem } from '../api/readExecution';
import { useResetExecution } from '../api/resetExecution';
import { createSequencer, type ScormRuntime, startScormRuntime } from '../scormRuntime';
import { type ActivityView, createLoopGuard, isLaunchable, type SequencingView, stateOf, viewOf } from '../sequencer';
import { PlayerDialogs, PlayerHeader, type SaveState } from './PlayerChrome';
import { STATUS_BADGE, useFitToWindow, useFullScreen } from './playerLayout';

type Notice = 'ended' | 'loop' | 'refused' | 'noStart' | null;

/**
 * The player of a sequenced SCORM 2004 course (docs/scorm.md "Sequencing"): scorm-again's sequencing engine decides
 * which activity is delivered (start, resume, the SCO's own navigation requests, the manifest's rules), the table of
 * contents is the activity tree with what is done, available or locked, and Back / Continue / Exit and the tree's
 * choices are navigation requests the engine may refuse. Each SCO launch has its own API object; the engine's state
 * goes from launch to launch and is saved with the SCO's commits (its own number, per execution).
 */
export default function SequencedPlayer({
  execution,
  sequencing,
}: {
  execution: ElearningExecution;
  sequencing: NonNullable<ElearningExecution['sequencing']>;
}) {
  const { t } = useTranslation('elearnings');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reset = useResetExecution();
  const tree = sequencing.tree as ScormSequencingTree;
  const runtimeRef = useRef<ScormRuntime | null>(null);
  const stateRef = useRef<string | null>(sequencing.state);
  const numberRef = useRef(sequencing.sequence);
  const guard = useRef(createLoopGuard()).current;
  const learnerRef = useRef(false);
  // Without a course open (before the first delivery, after the session ended): an engine of its own.
  const idleEngine = useRef<Awaited<ReturnType<typeof createSequencer>> | null>(null);
  const [launch, setLaunch] = useState<ElearningExecution | null>(null);
  const [readyLaunch, setReadyLaunch] = useState<ElearningExecution | null>(null);
  const [pending, setPending] = useState<{ id: string; attempt: number } | null>(null);
  const [openFailed, setOpenFailed] = useState(false);
  const [view, setView] = useState<SequencingView | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  // The sequencing session ended (end of the course): the course frame stays away until the engine delivers again.
  const [ended, setEnded] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [resultUuid, setResultUuid] = useState<string | null>(execution.resultUuid);
  const [successOpen, setSuccessOpen] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const completedRef = useRef(execution.completedAt !== null);
  const playerRef = useRef<HTMLDivElement>(null);
  useFitToWindow(playerRef);
  const fullScreen = useFullScreen(playerRef);

  const open = useCallback(
    (id: string) => {
      if (!isLaunchable(tree, id)) return;
      setOpenFailed(false);
      setPending((previous) => ({ id, attempt: (previous?.attempt ?? 0) + 1 }));
    },
    [tree],
  );

  /** A delivery by the engine: the learner's request, or automatic (a SCO's end, a rule) and counted for loops. */
  const delivered = useCallback(
    (id: string) => {
      const byLearner = learnerRef.current;
      learnerRef.current = false;
      if (byLearner) guard.learner();
      else if (!guard.automatic()) {
        runtimeRef.current?.dispose();
        runtimeRef.current = null;
        setReadyLaunch(null);
        setNotice('loop');
        return;
      }
      setNotice(null);
      setEnded(false);
      open(id);
    },
    [guard, open],
  );
  const deliveredRef = useRef(delivered);
  deliveredRef.current = delivered;

  // The first activity: the one the engine has open (a reload, another device), else the engine's start.
  useEffect(() => {
    let cancelled = false;
    void (async () => {
      let deliveredId: string | null = null;
      const engine = await createSequencer(tree, stateRef.current, {
        onActivityDelivery: (id) => {
          deliveredId = id;
        },
        onSessionEnd: () => undefined,
      });
      if (cancelled) return;
      const current = engine.api.getSequencingState().currentActivity;
      if (current?.isActive) deliveredId = current.id;
      else if (!current) {
        try {
          engine.api.processNavigationRequest('start');
        } catch {
          deliveredId = null;
        }
      }
      stateRef.current = stateOf(engine.api);
      idleEngine.current = engine;
      if (deliveredId) open(deliveredId);
      else {
        setView(viewOf(engine.api, tree, engine.validity(), true));
        setEnded(true);
        setNotice(current ? 'ended' : 'noStart');
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [tree, open]);

  // One runtime per launch, with the engine's state of the launch before.
  useEffect(() => {
    if (!launch) return;
    let cancelled = false;
    let runtime: ScormRuntime | null = null;
    const onSaved = (response: ElearningSaveExecutionResponse) => {
      setSaveState('saved');
      if (response.resultUuid) setResultUuid(response.resultUuid);
      if (response.completedAt && !completedRef.current) {
        completedRef.current = true;
        setSuccessOpen(true);
        void queryClient.invalidateQueries({ queryKey: ['elearningMemberTasks'] });
        void queryClient.invalidateQueries({ queryKey: ['elearningMemberStatistics'] });
      }
    };
    void startScormRuntime(
      launch,
      { onSaved, onFinished: () => undefined, onSaveFailed: () => setSaveState('failed') },
      {
        tree,
        state: stateRef.current ?? '{}',
        nextSequence: () => {
          numberRef.current += 1;
          return numberRef.current;
        },
        onDelivery: (id) => deliveredRef.current(id),
        onSessionEnd: () => {
          setEnded(true);
          setNotice('ended');
        },
        onView: setView,
      },
    ).then((started) => {
      if (cancelled) {
        started.dispose();
        return;
      }
      runtime = started;
      runtimeRef.current = started;
      idleEngine.current = null;
      setReadyLaunch(launch);
    });
    const leave = () => runtime?.saveOnLeave();
    const hidden = () => {
      if (document.visibilityState === 'hidden') leave();
    };
    window.addEventListener('pagehide', leave);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      cancelled = true;
      window.removeEventListener('pagehide', leave);
      document.removeEventListener('visibilitychange', hidden);
      runtime?.dispose();
      if (runtimeRef.current === runtime) runtimeRef.current = null;
    };
  }, [launch, queryClient, tree]);

  // Another activity: the frame is gone; the SCO left is saved (with the engine's state), then the next is read.
  useEffect(() => {
    if (!pending) return;
    let cancelled = false;
    void (async () => {
      try {
        const runtime = runtimeRef.current;
        if (runtime) {
          await runtime.flush();
          stateRef.current = runtime.sequencingState() ?? stateRef.current;
        } else if (idleEngine.current) {
          stateRef.current = stateOf(idleEngine.current.api);
        }
        const next = await readExecutionItem(execution.uuid, pending.id);
        if (cancelled) return;
        setLaunch(next);
        setPending(null);
      } catch {
        if (!cancelled) setOpenFailed(true);
      }
    })();
    return () => {
      cancelled = true;
    };
  }, [pending, execution.uuid]);

  /** A navigation request of the learner (bar or tree). */
  const request = (kind: 'continue' | 'previous' | 'choice', target?: string) => {
    if (pending && !openFailed) return;
    learnerRef.current = true;
    guard.learner();
    const runtime = notice === 'loop' ? null : runtimeRef.current;
    let accepted = false;
    if (runtime) accepted = runtime.navigate(kind, target);
    else {
      // No course open: the idle engine (made from the last state) takes the request.
      void (async () => {
        let deliveredId: string | null = null;
        const engine = await createSequencer(tree, stateRef.current, {
          onActivityDelivery: (id) => {
            deliveredId = id;
          },
          onSessionEnd: () => undefined,
        });
        let ok = false;
        try {
          ok = engine.api.processNavigationRequest(kind, target);
        } catch {
          ok = false;
        }
        learnerRef.current = false;
        if (!ok || !deliveredId) {
          setNotice('refused');
          return;
        }
        stateRef.current = stateOf(engine.api);
        idleEngine.current = engine;
        setNotice(null);
        setEnded(false);
        open(deliveredId);
      })();
      return;
    }
    if (!accepted) {
      learnerRef.current = false;
      setNotice('refused');
    }
  };

  const exit = () => {
    void (async () => {
      await runtimeRef.current?.flush();
      navigate(ELEARNING_ROUTES.myElearnings);
    })();
  };

  const startOver = () => {
    reset.mutate(execution.uuid, {
      onSuccess: (next) => {
        setResetOpen(false);
        showToast({ type: 'success', title: t('player.startOver'), message: t('player.resetDone') });
        navigate(executionPath(next.uuid), { replace: true });
      },
    });
  };

  const currentTitle = launch?.items.find((item) => item.id === launch.scoId)?.title ?? '';
  const noticeText =
    notice === 'ended'
      ? t('player.sequencingEnded')
      : notice === 'loop'
        ? t('player.sequencingLoop')
        : notice === 'noStart'
          ? t('player.sequencingStart')
          : notice === 'refused'
            ? t('player.navigationRefused')
            : '';
  const showFrame = !pending && launch && readyLaunch === launch && notice !== 'loop' && !ended;
  const stage =
    pending && openFailed ? (
      <div className="ui-alert ui-alert--danger elearning-player__error" role="alert">
        <p>{t('player.openFailed')}</p>
        <button type="button" className="ui-button" onClick={() => open(pending.id)}>
          {t('common:remoteError.retry')}
        </button>
      </div>
    ) : showFrame ? (
      <iframe
        key={`${launch.scoId}:${launch.launchUrl}`}
        className="elearning-player__frame"
        title={t('player.frameTitlePart', { title: execution.title, part: currentTitle })}
        src={launch.launchUrl}
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads allow-modals"
        allow="fullscreen; autoplay"
        data-testid="player-frame"
      />
    ) : notice === 'loop' || ended ? null : (
      <Spinner />
    );
  const hidden = new Set(view?.hidden ?? []);
  const busy = pending !== null && !openFailed;

  return (
    <div className="elearning-player" ref={playerRef}>
      <PlayerHeader
        title={execution.title}
        saveState={saveState}
        resultUuid={resultUuid}
        onStartOver={() => setResetOpen(true)}
        fullScreen={fullScreen}
      />
      <div className="elearning-player__body">
        {view && (
          <SequencedContents
            root={view.root}
            currentId={pending?.id ?? view.currentId}
            onChoose={(id) => request('choice', id)}
          />
        )}
        <div className="elearning-player__stage">
          <div className="elearning-player__steps">
            {!hidden.has('previous') && (
              <button
                type="button"
                className="ui-button ui-button--ghost"
                disabled={busy || (view !== null && !view.canPrevious && notice !== 'loop')}
                onClick={() => request('previous')}
                data-testid="player-previous"
              >
                {t('player.back')}
              </button>
            )}
            <span className="elearning-player__position" aria-live="polite" data-testid="player-position">
              {currentTitle && !ended ? t('player.current', { title: currentTitle }) : ''}
            </span>
            <span className="elearning-player__step-actions">
              {!hidden.has('continue') && (
                <button
                  type="button"
                  className="ui-button"
                  disabled={busy || (view !== null && !view.canContinue && notice !== 'loop')}
                  onClick={() => request('continue')}
                  data-testid="player-next"
                >
                  {t('player.continue')}
                </button>
              )}
              {!hidden.has('exit') && (
                <button type="button" className="ui-button ui-button--ghost" onClick={exit} data-testid="player-exit">
                  {t('player.exit')}
                </button>
              )}
            </span>
          </div>
          {noticeText && (
            <p
              className={`ui-alert ${notice === 'loop' || notice === 'noStart' ? 'ui-alert--danger' : 'ui-alert--info'}`}
              role={notice === 'loop' ? 'alert' : 'status'}
              data-testid="player-notice"
            >
              {noticeText}
            </p>
          )}
          {stage}
        </div>
      </div>
      <PlayerDialogs
        title={execution.title}
        successOpen={successOpen}
        onSuccessClose={() => setSuccessOpen(false)}
        resultUuid={resultUuid}
        resetOpen={resetOpen}
        onResetClose={() => setResetOpen(false)}
        onStartOver={startOver}
        startingOver={reset.isPending}
      />
    </div>
  );
}

/** The activity tree: clusters as headings, launchable activities as buttons with done / available / locked. */
function SequencedContents({
  root,
  currentId,
  onChoose,
}: {
  root: ActivityView;
  currentId: string | null;
  onChoose: (id: string) => void;
}) {
  const { t } = useTranslation('elearnings');
  const headingId = useId();
  const renderList = (activities: ActivityView[], depth: number) => (
    <ol className={depth > 0 ? 'elearning-player__toc-children' : undefined}>
      {activities.map((activity) => (
        <li key={activity.id}>
          {activity.launchable ? (
            <button
              type="button"
              className="elearning-player__toc-item"
              aria-current={activity.id === currentId ? 'step' : undefined}
              aria-disabled={!activity.available || undefined}
              data-state={activity.available ? 'available' : 'locked'}
              onClick={() => onChoose(activity.id)}
            >
              <span className="elearning-player__toc-title">{activity.title}</span>
              <span className={STATUS_BADGE[activity.status]}>
                {!activity.available && activity.status === 'notAttempted'
                  ? t('player.locked')
                  : t(`player.scoStatus.${activity.status}`)}
              </span>
            </button>
          ) : (
            <span className="elearning-player__toc-cluster">{activity.title}</span>
          )}
          {activity.children.length > 0 && renderList(activity.children, depth + 1)}
        </li>
      ))}
    </ol>
  );
  return (
    <nav className="elearning-player__toc" aria-labelledby={headingId} data-testid="player-contents">
      <h2 id={headingId}>{t('player.contents')}</h2>
      {renderList(root.children, 0)}
    </nav>
  );
}
