// The risk-factor texts come with the display entry (its badges are not used here).
import '@dash/shared-ui/display';
import { type Language, localeOf, localized } from '@dash/shared-core';
import { Spinner, showToast, useLicensee, useParams } from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { exportRiskActionList } from '../api/exportRiskActionList';
import { useEvaluationDetails } from '../api/getEvaluationDetails';
import { useRiskActionList } from '../api/getRiskActionList';
import { EffectivenessCell } from './EffectivenessCell';

/**
 * evaluation/details/{uuid}/risk-action-list: every action as "item x of y", in the print layout (landscape, no
 * support chat), opened in a window of its own; printed by the browser or exported by the server as PDF or xlsx.
 */
export default function RiskActionListPage() {
  const { t, i18n } = useTranslation('riskAssessments');
  const { riskAssessmentExecutionResultUuid: uuid = '' } = useParams();
  const licensee = useLicensee();
  const details = useEvaluationDetails(uuid);
  // The whole list on one page (an evaluation holds at most one action per measure of ~60 questions in practice).
  const actions = useRiskActionList({
    uuid,
    page: 1,
    perPage: 100,
    sortBy: 'dueDate',
    sortDirection: 'asc',
    filter: {},
  });
  const [exporting, setExporting] = useState<'pdf' | 'xlsx' | null>(null);
  const language = (i18n.language.startsWith('en') ? 'en_GB' : 'de_DE') as Language;
  const format = new Intl.DateTimeFormat(localeOf(language), { dateStyle: 'medium' });
  const day = (value: string) => format.format(new Date(`${value}T00:00:00`));
  if (details.isPending || actions.isPending) return <Spinner />;
  if (details.isError || !details.data) {
    return <p className="ui-alert ui-alert--danger">{t('common:errors.codes.Risk.NotFound')}</p>;
  }
  const items = actions.data?.items ?? [];
  const total = actions.data?.total ?? 0;
  const download = async (kind: 'pdf' | 'xlsx') => {
    setExporting(kind);
    try {
      const name = `${t('actionList.fileName')} ${details.data.title} ${details.data.targetName}`;
      await exportRiskActionList({ uuid, format: kind, language: language as 'de_DE' | 'en_GB' }, `${name}.${kind}`);
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('actionList.exported') });
    } catch {
      showToast({ type: 'danger', title: t('common:toast.errorTitle'), message: t('actionList.exportFailed') });
    } finally {
      setExporting(null);
    }
  };
  return (
    <article className="ra-print">
      <header className="ra-print__head">
        <div>
          <p className="ra-print__licensee">{licensee?.licenseeName}</p>
          <h1>
            {t('actionList.title')}: {details.data.title}
          </h1>
          <p>
            {details.data.targetName} · {localized(details.data.typeTitle, i18n.language)} ·{' '}
            {t(`evaluation.statuses.${details.data.status}`)}
          </p>
        </div>
        <p className="ra-print__date">{t('actionList.createdOn', { date: format.format(new Date()) })}</p>
      </header>
      <div className="ra-print__tools">
        <button type="button" className="ui-button" onClick={() => window.print()}>
          {t('actionList.print')}
        </button>
        <button
          type="button"
          className="ui-button ui-button--ghost"
          disabled={exporting !== null}
          onClick={() => void download('pdf')}
        >
          {t('actionList.exportPdf')}
        </button>
        <button
          type="button"
          className="ui-button ui-button--ghost"
          disabled={exporting !== null}
          onClick={() => void download('xlsx')}
        >
          {t('actionList.exportXlsx')}
        </button>
      </div>
      <p className="ra-print__sign-off" data-testid="print-sign-off">
        {details.data.approval
          ? `${t('signOff.approvedBy', {
              name: details.data.approval.approvedByName,
              date: format.format(new Date(details.data.approval.approvedAt)),
            })}${details.data.approval.comment ? ` – ${details.data.approval.comment}` : ''}`
          : t('signOff.ready')}
        {details.data.round > 1 ? ` · ${t('signOff.round', { round: details.data.round })}` : ''}
      </p>
      {items.length === 0 ? (
        <p className="ui-empty">{t('actionList.empty')}</p>
      ) : (
        <ol className="ra-print__list">
          {items.map((action, index) => (
            <li key={action.uuid} className="ra-print__item">
              <p className="ra-print__counter">{t('actionList.item', { index: index + 1, total })}</p>
              <h2>{localized(action.description, i18n.language)}</h2>
              <dl>
                <div>
                  <dt>{t('risks.columns.load')}</dt>
                  <dd>
                    {localized(action.load, i18n.language)} ({t('risks.columns.riskFactor')} {action.riskFactor} ·{' '}
                    {t(`ui:riskFactor.${action.level}`)})
                  </dd>
                </div>
                <div>
                  <dt>{t('actions.stop')}</dt>
                  <dd>{t(`stop.${action.stop}`)}</dd>
                </div>
                <div>
                  <dt>{t('actions.responsible')}</dt>
                  <dd>{action.responsibleName}</dd>
                </div>
                <div>
                  <dt>{t('actions.dueDate')}</dt>
                  <dd>{day(action.dueDate)}</dd>
                </div>
                <div>
                  <dt>{t('actions.done')}</dt>
                  <dd>{action.doneAt ? `${day(action.doneAt)} · ${action.doneByName ?? ''}` : t('actions.open')}</dd>
                </div>
                {action.note && (
                  <div>
                    <dt>{t('actions.note')}</dt>
                    <dd>{action.note}</dd>
                  </div>
                )}
                {action.doneAt && (
                  <div>
                    <dt>{t('check.column')}</dt>
                    <dd>
                      <EffectivenessCell action={action} />
                    </dd>
                  </div>
                )}
              </dl>
            </li>
          ))}
        </ol>
      )}
    </article>
  );
}
