import { type Language, localeOf, localized } from '@dash/shared-core';
import { useTranslation } from 'react-i18next';
import { useDetails } from '../api/getDetails';

/** The header of catalog/details: type, status, due date, assignments and how many members completed (counts only). */
export function DetailsSummary({ uuid }: { uuid: string }) {
  const { t, i18n } = useTranslation('riskAssessments');
  const details = useDetails(uuid);
  if (!details.data) return null;
  const data = details.data;
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  return (
    <dl className="ra-summary" data-testid="risk-assessment-summary">
      <div>
        <dt>{t('catalog.columns.type')}</dt>
        <dd>
          {localized(data.typeTitle, i18n.language)} ({t(`kinds.${data.kind}`)})
        </dd>
      </div>
      <div>
        <dt>{t('catalog.columns.status')}</dt>
        <dd>
          {t(`catalog.statuses.${data.status}`)}
          {!data.active && <span className="ui-badge ra-inactive">{t('catalog.inactive')}</span>}
        </dd>
      </div>
      <div>
        <dt>{t('catalog.columns.dueDate')}</dt>
        <dd>{data.dueDate ? dateFormat.format(new Date(data.dueDate)) : '–'}</dd>
      </div>
      <div>
        <dt>{t('details.tabs.assignments')}</dt>
        <dd>
          {t('details.assignmentCounts', {
            orgUnits: data.assignmentCounts.orgUnit,
            locations: data.assignmentCounts.location,
            members: data.assignmentCounts.member,
          })}
        </dd>
      </div>
      <div>
        <dt>{t('catalog.columns.completed')}</dt>
        <dd>
          {t('evaluation.completedOf', { completed: data.completedMemberCount, assigned: data.assignedMemberCount })}
        </dd>
      </div>
      <div>
        <dt>{t('details.evaluated')}</dt>
        <dd>{data.evaluatedAssignmentCount}</dd>
      </div>
    </dl>
  );
}
