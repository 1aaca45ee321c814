import { type EvaluationDetails, type Language, localeOf, localized } from '@dash/shared-core';
import { PageHeader, Spinner, showToast, Tabs, useMemberState, useParams } from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_ASSESSMENT_ROUTES } from '../../../routes';
import { useConfirmRiskActions } from '../api/confirmRiskActions';
import { useEvaluationDetails } from '../api/getEvaluationDetails';
import { useRiskActionStatus } from '../api/getRiskActionStatus';
import { RiskActionsTab } from './RiskActionsTab';
import { RiskLegend } from './RiskLegend';
import { RisksTab } from './RisksTab';
import { SignOff } from './SignOff';

export function actionListPath(uuid: string): string {
  return RISK_ASSESSMENT_ROUTES.riskActionList.replace(':riskAssessmentExecutionResultUuid', uuid);
}

function Summary({ details }: { details: EvaluationDetails }) {
  const { t, i18n } = useTranslation('riskAssessments');
  const format = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  return (
    <dl className="ra-summary">
      <div>
        <dt>{t('evaluation.columns.target')}</dt>
        <dd>{details.targetName}</dd>
      </div>
      <div>
        <dt>{t('evaluation.columns.type')}</dt>
        <dd>
          {localized(details.typeTitle, i18n.language)} ({t(`kinds.${details.kind}`)})
        </dd>
      </div>
      <div>
        <dt>{t('evaluation.columns.status')}</dt>
        <dd>
          <span className={`ui-badge ra-status ra-status--${details.status}`}>
            {t(`evaluation.statuses.${details.status}`)}
          </span>
        </dd>
      </div>
      <div>
        <dt>{t('evaluation.analyses')}</dt>
        <dd>
          {t('evaluation.completedOf', { completed: details.analysisCount, assigned: details.assignedMemberCount })}
        </dd>
      </div>
      <div>
        <dt>{t('evaluation.actionProgress')}</dt>
        <dd>{t('evaluation.actionsDone', { done: details.doneActionCount, total: details.actionCount })}</dd>
      </div>
      <div>
        <dt>{t('evaluation.finishedAt')}</dt>
        <dd>{format.format(new Date(details.finishedAt))}</dd>
      </div>
      {details.kind === 'inspection' ? (
        <div className="ra-summary__wide">
          <dt>{t('evaluation.assessors')}</dt>
          <dd>
            {details.assessors.map((each) => `${each.name} (${format.format(new Date(each.assessedAt))})`).join(', ') ||
              '–'}
          </dd>
        </div>
      ) : (
        <div className="ra-summary__wide">
          <dt>{t('evaluation.anonymity')}</dt>
          <dd>{t('evaluation.anonymityText')}</dd>
        </div>
      )}
    </dl>
  );
}

/** evaluation/details/{uuid}/{tabId}: the risks (with the matrix) and the risk actions of one evaluated unit. */
export default function EvaluationDetailsPage() {
  const { t } = useTranslation('riskAssessments');
  const { riskAssessmentExecutionResultUuid: uuid = '', tabId = 'risks' } = useParams();
  const details = useEvaluationDetails(uuid);
  const permissions = useMemberState()?.member.permissions ?? [];
  const mayChange = permissions.includes('risk-assessment.change-risk-actions');
  const [confirming, setConfirming] = useState(false);
  const confirm = useConfirmRiskActions();
  // "Confirm all actions" is offered while the actions are being defined; the server says whether it would go through.
  const actionStatus = useRiskActionStatus(uuid, mayChange && details.data?.status === 'risksCreated');
  const back = { to: RISK_ASSESSMENT_ROUTES.evaluationList, label: t('evaluation.title') };
  if (details.isPending) return <Spinner />;
  if (details.isError || !details.data) {
    return (
      <>
        <PageHeader title={t('evaluation.detailsTitle')} link={back} />
        <p className="ui-alert ui-alert--danger">{t('common:errors.codes.Risk.NotFound')}</p>
      </>
    );
  }
  const data = details.data;
  const status = actionStatus.data;
  const canConfirm = status?.canConfirm ?? false;
  /** Risks above "very low" with neither an action nor "not relevant": confirming waits for them. */
  const undecided = status?.undecidedRiskCount ?? 0;
  return (
    <>
      <PageHeader
        title={`${data.title} · ${data.targetName}`}
        link={back}
        actions={
          <>
            <a
              className="ui-button ui-button--ghost"
              href={actionListPath(uuid)}
              target="_blank"
              rel="noopener"
              data-testid="open-action-list"
            >
              {t('evaluation.openActionList')}
            </a>
            {mayChange && data.status === 'risksCreated' && (
              <>
                {undecided > 0 && (
                  <span className="ra-hint ra-confirm-hint" id="confirm-risk-actions-hint">
                    {t('confirm.undecidedHint', { count: undecided })}
                  </span>
                )}
                <button
                  type="button"
                  className="ui-button"
                  // Said before opening: a dialog that could only be cancelled helps nobody.
                  disabled={undecided > 0}
                  aria-describedby={undecided > 0 ? 'confirm-risk-actions-hint' : undefined}
                  onClick={() => {
                    setConfirming(true);
                    void actionStatus.refetch();
                  }}
                >
                  {t('confirm.button')}
                </button>
              </>
            )}
          </>
        }
      />
      <Summary details={data} />
      <SignOff details={data} />
      <Tabs
        label={t('evaluation.detailsTitle')}
        pattern={RISK_ASSESSMENT_ROUTES.evaluationDetails}
        params={{ riskAssessmentExecutionResultUuid: uuid }}
        tabs={[
          { id: 'risks', label: t('evaluation.tabs.risks'), permissions: ['risk-assessment.read-risk-list'] },
          {
            id: 'risk-actions',
            label: t('evaluation.tabs.riskActions'),
            permissions: ['risk-assessment.read-risk-action-list'],
          },
        ]}
      />
      {tabId === 'risk-actions' ? (
        <RiskActionsTab evaluation={data} mayChange={mayChange} />
      ) : (
        <>
          <RiskLegend />
          <RisksTab evaluation={data} mayChange={mayChange} />
        </>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('confirm.title')}
        width={40}
        testId="confirm-risk-actions"
        text={t('confirm.text', { actions: status?.actionCounts.total ?? data.actionCount })}
        confirmLabel={t('confirm.submit')}
        confirmDisabled={!canConfirm}
        busy={confirm.isPending}
        onConfirm={async () => {
          await confirm.mutateAsync(uuid);
          setConfirming(false);
          showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('confirm.done') });
        }}
      >
        {status && status.undecidedRiskCount > 0 && (
          <p className="ui-alert ra-warning">{t('confirm.undecided', { count: status.undecidedRiskCount })}</p>
        )}
      </ConfirmDialog>
    </>
  );
}
