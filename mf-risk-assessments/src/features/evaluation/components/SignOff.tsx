import { type EvaluationDetails, type Language, localeOf } from '@dash/shared-core';
import { FormError, inlineErrorText, Link, showToast, useNavigate } from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_ASSESSMENT_ROUTES } from '../../../routes';
import { useApproveEvaluation } from '../api/approveEvaluation';
import { useStartEvaluationRound } from '../api/startEvaluationRound';

export function evaluationPath(uuid: string, tab = 'risks'): string {
  return RISK_ASSESSMENT_ROUTES.evaluationDetails
    .replace(':riskAssessmentExecutionResultUuid', uuid)
    .replace(':tabId', tab);
}

/**
 * The sign-off of an evaluation and its rounds (docs/risk-assessment-follow-up.md): who approved it, when and why;
 * "sign off" once the actions are agreed; "start a new round" from a signed-off one; links between the rounds.
 */
export function SignOff({ details }: { details: EvaluationDetails }) {
  const { t, i18n } = useTranslation('riskAssessments');
  const id = useId();
  const navigate = useNavigate();
  const format = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  const [approving, setApproving] = useState(false);
  const [startingRound, setStartingRound] = useState(false);
  const [comment, setComment] = useState('');
  const approve = useApproveEvaluation();
  const startRound = useStartEvaluationRound();
  const approval = details.approval;
  return (
    <section className="ui-card ra-sign-off" aria-labelledby={`${id}-heading`} data-testid="sign-off">
      <h2 id={`${id}-heading`}>{t('signOff.heading')}</h2>
      {details.nextEvaluationUuid && (
        <p className="ui-alert" data-testid="round-history">
          {t('signOff.history', { round: details.round })}{' '}
          <Link to={evaluationPath(details.nextEvaluationUuid)}>{t('signOff.toCurrentRound')}</Link>
        </p>
      )}
      <p>
        {t('signOff.round', { round: details.round })}
        {details.previousEvaluationUuid && (
          <>
            {' · '}
            <Link to={evaluationPath(details.previousEvaluationUuid)} data-testid="previous-round">
              {t('signOff.previousRound', { round: details.round - 1 })}
            </Link>
          </>
        )}
      </p>
      {approval ? (
        <p data-testid="approval">
          <strong>
            {t('signOff.approvedBy', {
              name: approval.approvedByName,
              date: format.format(new Date(approval.approvedAt)),
            })}
          </strong>
          {approval.comment && <span className="ra-muted"> – {approval.comment}</span>}
          <br />
          <span className="ra-muted">{t('signOff.readOnly')}</span>
        </p>
      ) : (
        <p className="ra-muted">{details.status === 'risksCreated' ? t('signOff.notYet') : t('signOff.ready')}</p>
      )}
      <p className="ra-muted" data-testid="check-summary">
        {t('signOff.checks', {
          effective: details.checks.effective,
          partly: details.checks.partly,
          notEffective: details.checks.notEffective,
          due: details.checks.due,
        })}
      </p>
      {details.reopenedRiskCount > 0 && (
        <p className="ui-alert ra-warning" data-testid="reopened-risks">
          {approval
            ? t('signOff.reopenedNewRound', { count: details.reopenedRiskCount })
            : t('signOff.reopened', { count: details.reopenedRiskCount })}
        </p>
      )}
      <div className="ra-row-actions">
        {details.canApprove && (
          <button type="button" className="ui-button" onClick={() => setApproving(true)}>
            {t('signOff.approve')}
          </button>
        )}
        {details.canStartRound && (
          <button type="button" className="ui-button ui-button--ghost" onClick={() => setStartingRound(true)}>
            {t('signOff.startRound')}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={approving}
        onClose={() => setApproving(false)}
        title={t('signOff.approveTitle')}
        width={36}
        testId="approve-evaluation"
        text={t('signOff.approveText')}
        confirmLabel={t('signOff.approve')}
        busy={approve.isPending}
        onConfirm={async () => {
          await approve.mutateAsync({ uuid: details.uuid, comment: comment.trim() || null });
          setApproving(false);
          showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('signOff.approved') });
        }}
      >
        <FormError error={approve.error ? inlineErrorText(t, approve.error) : null} />
        <div className="ui-field">
          <label htmlFor={`${id}-comment`}>{t('signOff.comment')}</label>
          <textarea
            id={`${id}-comment`}
            rows={3}
            maxLength={2000}
            value={comment}
            onChange={(event) => setComment(event.target.value)}
          />
        </div>
      </ConfirmDialog>
      <ConfirmDialog
        open={startingRound}
        onClose={() => setStartingRound(false)}
        title={t('signOff.startRoundTitle')}
        width={36}
        testId="start-evaluation-round"
        text={t('signOff.startRoundText', { round: details.round + 1 })}
        confirmLabel={t('signOff.startRound')}
        busy={startRound.isPending}
        onConfirm={async () => {
          const next = await startRound.mutateAsync(details.uuid);
          setStartingRound(false);
          showToast({
            type: 'success',
            title: t('common:toast.successTitle'),
            message: t('signOff.roundStarted', { round: next.round }),
          });
          navigate(evaluationPath(next.uuid));
        }}
      />
    </section>
  );
}
