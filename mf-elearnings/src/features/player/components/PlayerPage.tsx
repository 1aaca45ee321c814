import type { ElearningExecution, ElearningExecutionItem, ElearningSaveExecutionResponse } from '@dash/shared-core';
import { PageHeader, Spinner, showToast, useNavigate, useParams } from '@dash/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ELEARNING_ROUTES, executionPath } from '../../../routes';
import { readExecutionItem, useExecution } from '../api/readExecution';
import { useResetExecution } from '../api/resetExecution';
import { type NavigationRequest, type ScormRuntime, startScormRuntime } from '../scormRuntime';
import { PlayerDialogs, PlayerHeader, type SaveState } from './PlayerChrome';
import { STATUS_BADGE, useFitToWindow, useFullScreen } from './playerLayout';
import SequencedPlayer from './SequencedPlayer';

/**
 * The player (spec: execution/{executionUuid}): the course in an iframe from the course origin across the whole
 * content area, the SCORM runtime on this window (reached by postMessage), progress saved as the course commits and by sendBeacon when the page goes away.
 * A package of several items gets a table of contents beside the course and previous / next; each SCO launch has
 * its own runtime, and the previous SCO is saved before the next one opens (docs/scorm.md "Several SCOs").
 * Completion opens the success modal with the way to the certificate.
 */
export default function PlayerPage() {
  const { t } = useTranslation('elearnings');
  const { executionUuid = '' } = useParams();
  const query = useExecution(executionUuid);
  const back = { to: ELEARNING_ROUTES.myElearnings, label: t('my.title') };
  if (query.isPending) return <Spinner />;
  if (!query.data) {
    return (
      <>
        <PageHeader title={t('execution.title')} link={back} />
        <p className="ui-alert ui-alert--danger">{t('common:errors.codes.MemberExecution.NotFound')}</p>
      </>
    );
  }
  // A new execution (start over) is a new player: nothing of the old runtime survives.
  if (query.data.sequencing && query.data.scormVersion === '2004') {
    return <SequencedPlayer key={query.data.uuid} execution={query.data} sequencing={query.data.sequencing} />;
  }
  return <Player key={query.data.uuid} execution={query.data} />;
}

function Player({ execution }: { execution: ElearningExecution }) {
  const { t } = useTranslation('elearnings');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reset = useResetExecution();
  const runtimeRef = useRef<ScormRuntime | null>(null);
  // The item open now (one SCO launch: its tree and commit number) and the table of contents with its statuses.
  const [launch, setLaunch] = useState<ElearningExecution>(execution);
  const [items, setItems] = useState<ElearningExecutionItem[]>(execution.items);
  const [readyLaunch, setReadyLaunch] = useState<ElearningExecution | null>(null);
  // Another item being opened: the course frame is gone, the previous SCO's last commit and the next tree load.
  const [pending, setPending] = useState<{ id: string; attempt: number } | null>(null);
  const [openFailed, setOpenFailed] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [resultUuid, setResultUuid] = useState<string | null>(execution.resultUuid);
  const [successOpen, setSuccessOpen] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const completedRef = useRef(execution.completedAt !== null);
  const playerRef = useRef<HTMLDivElement>(null);
  useFitToWindow(playerRef);
  const fullScreen = useFullScreen(playerRef);
  const several = items.length > 1;
  const index = Math.max(
    0,
    items.findIndex((item) => item.id === launch.scoId),
  );

  const open = (id: string) => {
    if ((pending && !openFailed) || (!pending && id === launch.scoId)) return;
    if (!items.some((item) => item.id === id)) return;
    setOpenFailed(false);
    setPending((previous) => ({ id, attempt: (previous?.attempt ?? 0) + 1 }));
  };
  const openRef = useRef(open);
  openRef.current = open;
  const navigateInCourse = (request: NavigationRequest) => {
    if (request.kind === 'choice') openRef.current(request.target);
    else {
      const target = items[index + (request.kind === 'next' ? 1 : -1)];
      if (target) openRef.current(target.id);
    }
  };
  const navigateRef = useRef(navigateInCourse);
  navigateRef.current = navigateInCourse;

  // One runtime per launch of a SCO (an asset gets none: it does not talk to the runtime).
  useEffect(() => {
    let cancelled = false;
    let runtime: ScormRuntime | null = null;
    const isSco = launch.items.find((item) => item.id === launch.scoId)?.sco !== false;
    const onSaved = (response: ElearningSaveExecutionResponse) => {
      setSaveState('saved');
      setItems((current) =>
        current.map((item) =>
          item.id === response.sco.id
            ? { ...item, status: response.sco.status, scorePercent: response.sco.scorePercent }
            : item,
        ),
      );
      if (response.resultUuid) setResultUuid(response.resultUuid);
      if (response.completedAt && !completedRef.current) {
        completedRef.current = true;
        setSuccessOpen(true);
        // My e-learnings, the bubbles and the start page show the task as done.
        void queryClient.invalidateQueries({ queryKey: ['elearningMemberTasks'] });
        void queryClient.invalidateQueries({ queryKey: ['elearningMemberStatistics'] });
      }
    };
    if (!isSco) {
      setReadyLaunch(launch);
      return;
    }
    void startScormRuntime(launch, {
      onSaved,
      onFinished: () => undefined,
      onSaveFailed: () => setSaveState('failed'),
      onNavigationRequest: (request) => navigateRef.current(request),
    }).then((started) => {
      if (cancelled) {
        started.dispose();
        return;
      }
      runtime = started;
      runtimeRef.current = started;
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
      runtimeRef.current = null;
    };
  }, [launch, queryClient]);

  // Switching items: this runs once the course frame is gone (its unload may still Finish/Terminate and commit);
  // then the previous SCO's last state is saved before the next item's tree is read.
  useEffect(() => {
    if (!pending) return;
    let cancelled = false;
    void (async () => {
      try {
        await runtimeRef.current?.flush();
        const next = await readExecutionItem(execution.uuid, pending.id);
        if (cancelled) return;
        setItems(next.items);
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

  const startOver = () => {
    reset.mutate(execution.uuid, {
      onSuccess: (next) => {
        setResetOpen(false);
        showToast({ type: 'success', title: t('player.startOver'), message: t('player.resetDone') });
        navigate(executionPath(next.uuid), { replace: true });
      },
    });
  };

  const current = items[index];
  const frame =
    pending && openFailed ? (
      <div className="ui-alert ui-alert--danger elearning-player__error" role="alert">
        <p>{t('player.openFailed')}</p>
        <button type="button" className="ui-button" onClick={() => open(pending.id)}>
          {t('common:remoteError.retry')}
        </button>
      </div>
    ) : !pending && readyLaunch === launch ? (
      <iframe
        key={`${launch.scoId}:${launch.launchUrl}`}
        className="elearning-player__frame"
        title={
          several && current
            ? t('player.frameTitlePart', { title: execution.title, part: current.title })
            : t('player.frameTitle', { title: execution.title })
        }
        src={launch.launchUrl}
        // The frame's own origin is the course origin (another site than the dashboard): allow-same-origin keeps it,
        // so that the course finds the API on its frame page, which is that origin too. Modals because many
        // authoring tools ask "resume where you left off?" with confirm(), which returns false unasked without them.
        sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads allow-modals"
        allow="fullscreen; autoplay"
        data-testid="player-frame"
      />
    ) : (
      <Spinner />
    );
  const shownId = pending?.id ?? launch.scoId;
  const shownIndex = Math.max(
    0,
    items.findIndex((item) => item.id === shownId),
  );

  return (
    <div className="elearning-player" ref={playerRef}>
      <PlayerHeader
        title={execution.title}
        saveState={saveState}
        resultUuid={resultUuid}
        onStartOver={() => setResetOpen(true)}
        fullScreen={fullScreen}
      />
      {several ? (
        <div className="elearning-player__body">
          <Contents items={items} currentId={shownId} onOpen={open} />
          <div className="elearning-player__stage">
            <div className="elearning-player__steps">
              <button
                type="button"
                className="ui-button ui-button--ghost"
                disabled={shownIndex === 0 || (pending !== null && !openFailed)}
                onClick={() => {
                  const target = items[shownIndex - 1];
                  if (target) open(target.id);
                }}
                data-testid="player-previous"
              >
                {t('player.previous')}
              </button>
              <span className="elearning-player__position" aria-live="polite" data-testid="player-position">
                {t('player.position', { index: shownIndex + 1, count: items.length, title: items[shownIndex]?.title })}
              </span>
              <button
                type="button"
                className="ui-button ui-button--ghost"
                disabled={shownIndex === items.length - 1 || (pending !== null && !openFailed)}
                onClick={() => {
                  const target = items[shownIndex + 1];
                  if (target) open(target.id);
                }}
                data-testid="player-next"
              >
                {t('player.next')}
              </button>
            </div>
            {frame}
          </div>
        </div>
      ) : (
        frame
      )}
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

/** The table of contents of a package of several items: one button per item with its status, the open one marked. */
function Contents({
  items,
  currentId,
  onOpen,
}: {
  items: ElearningExecutionItem[];
  currentId: string;
  onOpen: (id: string) => void;
}) {
  const { t } = useTranslation('elearnings');
  const headingId = useId();
  return (
    <nav className="elearning-player__toc" aria-labelledby={headingId} data-testid="player-contents">
      <h2 id={headingId}>{t('player.contents')}</h2>
      <ol>
        {items.map((item) => (
          <li key={item.id}>
            <button
              type="button"
              className="elearning-player__toc-item"
              aria-current={item.id === currentId ? 'step' : undefined}
              onClick={() => onOpen(item.id)}
            >
              <span className="elearning-player__toc-title">{item.title}</span>
              {item.status && (
                <span className={STATUS_BADGE[item.status]}>
                  {t(`player.scoStatus.${item.status}`)}
                  {item.scorePercent !== null && (item.status === 'passed' || item.status === 'completed')
                    ? ` · ${Math.round(item.scorePercent)} %`
                    : ''}
                </span>
              )}
            </button>
          </li>
        ))}
      </ol>
    </nav>
  );
}
