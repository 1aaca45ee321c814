import { ApiError, type Language, localeOf, localized, type RiskAssessmentAnswer } from '@dash/shared-core';
import { PageHeader, Spinner, showToast, useNavigate, useParams } from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_ASSESSMENT_ROUTES } from '../../../routes';
import { useCompleteExecution } from '../api/completeExecution';
import { useContent } from '../api/getContent';
import { useEvidencePhotoList } from '../api/getEvidencePhotoList';
import { getExecution, useExecution } from '../api/getExecution';
import { saveExecution } from '../api/saveExecution';
import { AnswerEvidence } from './AnswerEvidence';

/** The holder renews the lock this often while the page is open (the server lets it lapse after 2 minutes). */
const RENEW_MS = 45_000;
/** Answers are saved this long after the last click, and at once when the page changes. */
const SAVE_DELAY_MS = 400;

type SaveState = 'idle' | 'saving' | 'saved' | 'failed';
/** Why this window may no longer save: someone else holds the lock, or the member moved to another window. */
type LockLoss = 'lockedByOther' | 'takenOver' | null;

const WINDOW_ID_KEY = 'riskAssessments.windowId';

/** This tab's id, kept across reloads of the tab (sessionStorage is per tab), so a reload keeps its own lock. */
function tabWindowId(): string {
  try {
    const kept = sessionStorage.getItem(WINDOW_ID_KEY);
    if (kept) return kept;
    const created = crypto.randomUUID();
    sessionStorage.setItem(WINDOW_ID_KEY, created);
    return created;
  } catch {
    // Storage blocked: an id for this page's life (a reload then offers to continue here).
    return crypto.randomUUID();
  }
}

/** execution/{executionUuid}: the member's analysis, page by page (one question group each), saved as he goes. */
export default function ExecutionPage() {
  const { t, i18n } = useTranslation('riskAssessments');
  const language = i18n.language;
  const { executionUuid = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  // The lock belongs to this tab: another tab or device of the same member is told apart from it.
  const [windowId] = useState(tabWindowId);
  const execution = useExecution(executionUuid, windowId);
  const content = useContent(execution.data?.type);
  const complete = useCompleteExecution();
  const [answers, setAnswers] = useState<Map<string, number>>(new Map());
  /** Inspections: the note of each answer (saved with its value). */
  const [notes, setNotes] = useState<Map<string, string>>(new Map());
  const [page, setPage] = useState(0);
  const [saveState, setSaveState] = useState<SaveState>('idle');
  const [lockLoss, setLockLoss] = useState<LockLoss>(null);
  const [takingOver, setTakingOver] = useState(false);
  /** Once the lock is gone this window sends nothing more (not even the release on leaving). */
  const stopped = useRef(false);
  const [confirming, setConfirming] = useState(false);
  const pending = useRef(new Map<string, RiskAssessmentAnswer>());
  const pageRef = useRef(0);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const data = execution.data;
  const editable = Boolean(data && !data.completedAt && data.lock?.mine && !lockLoss);
  const inspection = data?.kind === 'inspection';
  const photos = useEvidencePhotoList(executionUuid, inspection);

  // The answers so far and the page where the member left.
  useEffect(() => {
    if (!data) return;
    setAnswers(new Map(data.answers.map((answer) => [answer.questionKey, answer.value])));
    setNotes(new Map(data.answers.map((answer) => [answer.questionKey, answer.note ?? ''])));
    setPage(data.currentPage);
    pageRef.current = data.currentPage;
    // Opened afresh (a retry, a take-over): the lock state is the server's again.
    stopped.current = false;
    setLockLoss(null);
  }, [data]);

  const flush = useCallback(
    async (release = false) => {
      if (timer.current) clearTimeout(timer.current);
      timer.current = null;
      if (stopped.current) return;
      const batch = [...pending.current.values()];
      pending.current.clear();
      setSaveState('saving');
      try {
        await saveExecution({ uuid: executionUuid, windowId, currentPage: pageRef.current, answers: batch, release });
        setSaveState('saved');
      } catch (caught) {
        for (const answer of batch)
          if (!pending.current.has(answer.questionKey)) pending.current.set(answer.questionKey, answer);
        setSaveState('failed');
        const code = caught instanceof ApiError ? caught.code : undefined;
        if (code === 'RiskAssessmentExecution.Locked' || code === 'RiskAssessmentExecution.TakenOver') {
          stopped.current = true;
          setLockLoss(code === 'RiskAssessmentExecution.TakenOver' ? 'takenOver' : 'lockedByOther');
        }
      }
    },
    [executionUuid, windowId],
  );

  /** The member continues here: her other window gives the lock up (it learns so on its next save). */
  const takeOver = async () => {
    setTakingOver(true);
    try {
      const taken = await getExecution({ uuid: executionUuid, windowId, takeOver: true });
      stopped.current = false;
      pending.current.clear();
      setLockLoss(null);
      setSaveState('idle');
      client.setQueryData(['riskAssessmentExecution', executionUuid], taken);
    } catch {
      // Someone else holds it now, or it closed: show the state as it is.
      void execution.refetch();
    } finally {
      setTakingOver(false);
    }
  };

  // Back in this tab: save at once, so a take-over in another window shows here without waiting for the renewal.
  useEffect(() => {
    if (!editable) return;
    const onVisible = () => {
      if (document.visibilityState === 'visible') void flush();
    };
    document.addEventListener('visibilitychange', onVisible);
    return () => document.removeEventListener('visibilitychange', onVisible);
  }, [editable, flush]);

  // Keep the lock while the page is open; give it up when the member leaves.
  useEffect(() => {
    if (!editable) return;
    const renew = setInterval(() => void flush(), RENEW_MS);
    return () => {
      clearInterval(renew);
      void flush(true);
    };
  }, [editable, flush]);

  if (execution.isPending || (data && content.isPending)) return <Spinner />;
  if (execution.isError || !data || !content.data) {
    const code = execution.error instanceof ApiError ? execution.error.code : undefined;
    return (
      <>
        <PageHeader
          title={t('execution.title')}
          link={{ to: RISK_ASSESSMENT_ROUTES.myAnalyses, label: t('my.title') }}
        />
        <p className="ui-alert ui-alert--danger" role="alert">
          {t(`common:errors.codes.${code ?? 'RiskAssessmentExecution.NotFound'}`)}
        </p>
      </>
    );
  }

  const groups = content.data.groups;
  const group = groups[Math.min(page, groups.length - 1)];
  const questionCount = groups.reduce((sum, item) => sum + item.questions.length, 0);
  const answeredCount = groups.reduce(
    (sum, item) => sum + item.questions.filter((question) => answers.has(question.key)).length,
    0,
  );
  const dateTime = new Intl.DateTimeFormat(localeOf(language as Language), { dateStyle: 'medium', timeStyle: 'short' });
  const time = new Intl.DateTimeFormat(localeOf(language as Language), { timeStyle: 'short' });
  const survey = data.kind === 'survey';

  const queueSave = () => {
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), SAVE_DELAY_MS);
  };
  const noteOf = (questionKey: string) => (inspection ? notes.get(questionKey) || null : undefined);
  const choose = (questionKey: string, value: number) => {
    setAnswers((current) => new Map(current).set(questionKey, value));
    pending.current.set(questionKey, { questionKey, value, note: noteOf(questionKey) });
    queueSave();
  };
  /** A note is saved with its answer: before the answer is chosen it waits for it. */
  const writeNote = (questionKey: string, note: string) => {
    setNotes((current) => new Map(current).set(questionKey, note));
    const value = answers.get(questionKey);
    if (value === undefined) return;
    pending.current.set(questionKey, { questionKey, value, note: note || null });
    queueSave();
  };

  const goTo = (next: number) => {
    setPage(next);
    pageRef.current = next;
    if (editable) void flush();
    headingRef.current?.focus();
  };

  const finish = async () => {
    await flush();
    await complete.mutateAsync({ uuid: executionUuid, windowId });
    setConfirming(false);
    showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('execution.completedToast') });
    void client.invalidateQueries({ queryKey: ['riskAssessmentExecution', executionUuid] });
    navigate(RISK_ASSESSMENT_ROUTES.myAnalyses);
  };

  const subtitle = [data.orgUnitName ?? data.locationName, localized(content.data.title, language)]
    .filter(Boolean)
    .join(' · ');

  return (
    <>
      <PageHeader title={data.title} link={{ to: RISK_ASSESSMENT_ROUTES.myAnalyses, label: t('my.title') }} />
      <p className="ra-subtitle">{subtitle}</p>
      {survey && !data.completedAt && <p className="ui-alert ra-note">{t('execution.anonymous')}</p>}
      {data.completedAt && (
        <p className="ui-alert ra-note" role="status" data-testid="execution-completed">
          {data.completedByName
            ? t('execution.completedBy', {
                name: data.completedByName,
                date: dateTime.format(new Date(data.completedAt)),
              })
            : t('execution.completedOn', { date: dateTime.format(new Date(data.completedAt)) })}
          {survey && ` ${t('execution.anonymousStored')}`}
        </p>
      )}
      {data.phaseEnded && !data.completedAt && <p className="ui-alert ra-warning">{t('execution.phaseEnded')}</p>}
      {data.lock && (lockLoss === 'takenOver' || (!data.lock.mine && data.lock.mineElsewhere)) && (
        <div className="ui-alert ui-alert--danger" role="alert" data-testid="execution-locked">
          {lockLoss === 'takenOver'
            ? t('execution.takenOver')
            : t('execution.openElsewhere', { until: time.format(new Date(data.lock.lockedUntil)) })}{' '}
          <button
            type="button"
            className="ui-button ui-button--small"
            disabled={takingOver}
            onClick={() => void takeOver()}
          >
            {t('execution.takeOver')}
          </button>
        </div>
      )}
      {data.lock &&
        lockLoss !== 'takenOver' &&
        (lockLoss === 'lockedByOther' || (!data.lock.mine && !data.lock.mineElsewhere)) && (
          <div className="ui-alert ui-alert--danger" role="alert" data-testid="execution-locked">
            {t('execution.locked', {
              name: data.lock.lockedByName,
              until: time.format(new Date(data.lock.mine ? Date.now() : data.lock.lockedUntil)),
            })}{' '}
            <button type="button" className="ui-button ui-button--small" onClick={() => void execution.refetch()}>
              {t('execution.retry')}
            </button>
          </div>
        )}
      {!(survey && data.completedAt) && group && (
        <section className="ui-card ra-page" aria-labelledby="ra-page-heading">
          <div className="ra-page__head">
            <h2 id="ra-page-heading" ref={headingRef} tabIndex={-1}>
              {localized(group.title, language)}
            </h2>
            <span className="ra-progress" data-testid="execution-progress">
              {t('execution.page', { page: page + 1, pages: groups.length })} ·{' '}
              {t('execution.answered', { count: answeredCount, total: questionCount })}
            </span>
          </div>
          <progress className="ra-progress__bar" max={questionCount} value={answeredCount} aria-hidden="true" />
          <ol className="ra-questions">
            {group.questions.map((question) => (
              <li key={question.key} className="ra-question">
                <fieldset disabled={!editable}>
                  <legend>{localized(question.text, language)}</legend>
                  <div className="ra-scale">
                    {content.data.scale.map((option) => (
                      <label key={option.value} className="ra-scale__option">
                        <input
                          type="radio"
                          name={question.key}
                          value={option.value}
                          checked={answers.get(question.key) === option.value}
                          onChange={() => choose(question.key, option.value)}
                        />
                        {localized(option.label, language)}
                      </label>
                    ))}
                  </div>
                </fieldset>
                {inspection && (
                  <AnswerEvidence
                    executionUuid={executionUuid}
                    questionKey={question.key}
                    questionText={localized(question.text, language)}
                    photos={(photos.data?.items ?? []).filter((photo) => photo.questionKey === question.key)}
                    note={notes.get(question.key) ?? ''}
                    onNote={(note) => writeNote(question.key, note)}
                    editable={editable}
                  />
                )}
              </li>
            ))}
          </ol>
          <div className="ui-form-actions ra-page__actions">
            <button
              type="button"
              className="ui-button ui-button--ghost"
              disabled={page === 0}
              onClick={() => goTo(page - 1)}
            >
              {t('execution.back')}
            </button>
            <span className="ra-save" role="status" aria-live="polite">
              {editable && saveState !== 'idle' ? t(`execution.save.${saveState}`) : ''}
            </span>
            {page < groups.length - 1 ? (
              <button type="button" className="ui-button" onClick={() => goTo(page + 1)}>
                {t('execution.next')}
              </button>
            ) : (
              editable && (
                <button
                  type="button"
                  className="ui-button"
                  disabled={answeredCount < questionCount}
                  onClick={() => setConfirming(true)}
                >
                  {t('execution.complete')}
                </button>
              )
            )}
          </div>
          {editable && page === groups.length - 1 && answeredCount < questionCount && (
            <p className="ra-hint">{t('execution.answerAll', { count: questionCount - answeredCount })}</p>
          )}
        </section>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('execution.confirm.title')}
        width={40}
        testId="complete-analysis"
        text={survey ? [t('execution.confirm.text'), t('execution.confirm.anonymous')] : t('execution.confirm.text')}
        confirmLabel={t('execution.confirm.submit')}
        busy={complete.isPending}
        onConfirm={finish}
      />
    </>
  );
}
