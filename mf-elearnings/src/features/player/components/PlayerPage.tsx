import type { ElearningExecution, ElearningSaveExecutionResponse } from '@dash/shared-core';
import { Dialog, Link, PageHeader, Spinner, showToast, useNavigate, useParams } from '@dash/shared-ui';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { certificatePath, ELEARNING_ROUTES, executionPath } from '../../../routes';
import { useExecution } from '../api/readExecution';
import { useResetExecution } from '../api/resetExecution';
import { type ScormRuntime, startScormRuntime } from '../scormRuntime';

type SaveState = 'idle' | 'saved' | 'failed';

/**
 * The player (spec: execution/{executionUuid}): the course in a same-origin iframe across the whole content area,
 * the SCORM runtime on this window, progress saved as the course commits and by sendBeacon when the page goes away.
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
  return <Player key={query.data.uuid} execution={query.data} />;
}

function Player({ execution }: { execution: ElearningExecution }) {
  const { t } = useTranslation('elearnings');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const reset = useResetExecution();
  const runtimeRef = useRef<ScormRuntime | null>(null);
  const [ready, setReady] = useState(false);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [resultUuid, setResultUuid] = useState<string | null>(execution.resultUuid);
  const [successOpen, setSuccessOpen] = useState(false);
  const [resetOpen, setResetOpen] = useState(false);
  const completedRef = useRef(execution.completedAt !== null);

  useEffect(() => {
    let cancelled = false;
    let runtime: ScormRuntime | null = null;
    const onSaved = (response: ElearningSaveExecutionResponse) => {
      setSaveState('saved');
      if (response.resultUuid) setResultUuid(response.resultUuid);
      if (response.completedAt && !completedRef.current) {
        completedRef.current = true;
        setSuccessOpen(true);
        // My e-learnings, the bubbles and the start page show the task as done.
        void queryClient.invalidateQueries({ queryKey: ['elearningMemberTasks'] });
        void queryClient.invalidateQueries({ queryKey: ['elearningMemberStatistics'] });
      }
    };
    void startScormRuntime(execution, {
      onSaved,
      onFinished: () => undefined,
      onSaveFailed: () => setSaveState('failed'),
    }).then((started) => {
      if (cancelled) {
        started.dispose();
        return;
      }
      runtime = started;
      runtimeRef.current = started;
      setReady(true);
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
  }, [execution, queryClient]);

  const startOver = () => {
    reset.mutate(execution.uuid, {
      onSuccess: (next) => {
        setResetOpen(false);
        showToast({ type: 'success', title: t('player.startOver'), message: t('player.resetDone') });
        navigate(executionPath(next.uuid), { replace: true });
      },
    });
  };

  return (
    <div className="elearning-player">
      <PageHeader
        title={execution.title}
        link={{ to: ELEARNING_ROUTES.myElearnings, label: t('my.title') }}
        actions={
          <>
            <span className="elearning-player__save" role="status" data-testid="player-save-state">
              {saveState === 'saved' ? t('player.saved') : saveState === 'failed' ? t('player.saveFailed') : ''}
            </span>
            {resultUuid && (
              <Link className="ui-button ui-button--ghost" to={certificatePath(resultUuid)}>
                {t('player.certificate')}
              </Link>
            )}
            <button type="button" className="ui-button ui-button--ghost" onClick={() => setResetOpen(true)}>
              {t('player.startOver')}
            </button>
          </>
        }
      />
      {ready ? (
        <iframe
          className="elearning-player__frame"
          title={t('player.frameTitle', { title: execution.title })}
          src={execution.launchUrl}
          // Same origin is what SCORM needs (the course finds the API on this window); the rest stays closed.
          sandbox="allow-scripts allow-same-origin allow-forms allow-popups allow-downloads"
          allow="fullscreen; autoplay"
          data-testid="player-frame"
        />
      ) : (
        <Spinner />
      )}
      <Dialog
        open={successOpen}
        onClose={() => setSuccessOpen(false)}
        headline={t('player.successHeadline')}
        texts={[t('player.successText', { title: execution.title })]}
        cancelLabel={t('player.stay')}
        testId="player-success"
        buttons={[
          {
            label: t('player.toMyElearnings'),
            variant: 'ghost',
            onClick: () => navigate(ELEARNING_ROUTES.myElearnings),
          },
          ...(resultUuid
            ? [{ label: t('player.certificate'), onClick: () => navigate(certificatePath(resultUuid)) }]
            : []),
        ]}
      />
      <Dialog
        open={resetOpen}
        onClose={() => setResetOpen(false)}
        headline={t('player.startOverHeadline')}
        texts={[t('player.startOverText')]}
        testId="player-start-over"
        buttons={[{ label: t('player.startOver'), variant: 'danger', onClick: startOver, disabled: reset.isPending }]}
      />
    </div>
  );
}
