import { type Language, localeOf, localized, type RiskAssessmentCatalogItem } from '@dash/shared-core';
import { Link, PageHeader, useMemberState, useNavigate } from '@dash/shared-ui';
import { Modal } from '@dash/shared-ui/dialog';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RISK_ASSESSMENT_ROUTES } from '../../../routes';
import { useCatalog } from '../api/getCatalog';
import { SettingsForm } from './SettingsForm';

const SORT_KEYS = ['title', 'type', 'status', 'dueDate', 'completedMemberCount'] as const;
type SortKey = (typeof SORT_KEYS)[number];
const FILTERS = ['search'] as const;

export function detailsPath(uuid: string, tabId: 'settings' | 'assignments'): string {
  return RISK_ASSESSMENT_ROUTES.catalogDetails.replace(':riskAssessmentTaskUuid', uuid).replace(':tabId', tabId);
}

/** catalog/list: the client's risk assessments by type; "add" creates one and opens its assignments. */
export default function CatalogListPage() {
  const { t, i18n } = useTranslation('riskAssessments');
  const navigate = useNavigate();
  const permissions = useMemberState()?.member.permissions ?? [];
  const [adding, setAdding] = useState(false);
  const table = useTableState<SortKey>(SORT_KEYS, 'title', FILTERS);
  const { state } = table;
  const query = useCatalog(tableRequest(state, { search: state.filter.search }));
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), { dateStyle: 'medium' });
  const columns: Column<RiskAssessmentCatalogItem>[] = [
    {
      name: 'title',
      label: t('catalog.columns.title'),
      sortable: true,
      value: (item) => <Link to={detailsPath(item.uuid, 'settings')}>{item.title}</Link>,
    },
    {
      name: 'type',
      label: t('catalog.columns.type'),
      sortable: true,
      value: (item) => localized(item.typeTitle, i18n.language),
    },
    {
      name: 'status',
      label: t('catalog.columns.status'),
      sortable: true,
      value: (item) => (
        <>
          {t(`catalog.statuses.${item.status}`)}
          {!item.active && <span className="ui-badge ra-inactive">{t('catalog.inactive')}</span>}
        </>
      ),
    },
    {
      name: 'dueDate',
      label: t('catalog.columns.dueDate'),
      sortable: true,
      value: (item) => (item.dueDate ? dateFormat.format(new Date(item.dueDate)) : null),
    },
    {
      name: 'assigned',
      label: t('catalog.columns.assigned'),
      alignment: 'right',
      value: (item) => item.assignedMemberCount,
    },
    {
      name: 'completedMemberCount',
      label: t('catalog.columns.completed'),
      sortable: true,
      alignment: 'right',
      value: (item) => item.completedMemberCount,
    },
  ];
  return (
    <>
      <PageHeader
        title={t('catalog.title')}
        actions={
          permissions.includes('risk-assessment.update-settings') && (
            <button type="button" className="ui-button" onClick={() => setAdding(true)}>
              {t('catalog.add')}
            </button>
          )
        }
      />
      <DataTable
        caption={t('catalog.title')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(item) => item.uuid}
        filters={[{ name: 'search', type: 'search', label: t('catalog.search') }]}
      />
      <Modal
        open={adding}
        onClose={() => setAdding(false)}
        headline={t('catalog.addTitle')}
        width={40}
        testId="add-risk-assessment"
      >
        {adding && (
          <SettingsForm
            onSaved={(uuid) => {
              setAdding(false);
              navigate(detailsPath(uuid, 'assignments'));
            }}
            actions={
              <button type="button" className="ui-button ui-button--ghost" onClick={() => setAdding(false)}>
                {t('settings.cancel')}
              </button>
            }
          />
        )}
      </Modal>
    </>
  );
}
