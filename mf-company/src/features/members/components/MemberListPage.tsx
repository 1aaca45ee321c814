import { type Language, localeOf, type MemberListFilter, type MemberListItem, ROLES, toCsv } from '@dash/shared-core';
import { Link, PageHeader, useCan } from '@dash/shared-ui';
import {
  type BulkAction,
  type Column,
  DataTable,
  downloadText,
  queryRows,
  type RowAction,
  tableRequest,
  useTableState,
} from '@dash/shared-ui/table';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { memberDetailsPath } from '../../../routes';
import { ImportMembersLink } from '../../memberImport/components/ImportMembersLink';
import { useMemberList } from '../api/getMemberList';
import { useLocationChoices, useOrgUnitChoices } from '../api/getStructure';
import { AddMemberModal } from './AddMemberModal';
import './memberForm.css';
import { type ArchiveChoice, ArchiveMembersDialog } from './ArchiveMembersDialog';
import { ResetPasswordsModal } from './ResetPasswordsModal';

const SORT_KEYS = ['lastName', 'firstName', 'username', 'email', 'role', 'status', 'lastLoginAt'] as const;
type SortKey = (typeof SORT_KEYS)[number];
const FILTERS = ['search', 'status', 'role', 'orgUnit', 'location'] as const;

/** The selected rows of the page as a CSV file, built in the browser from the rows already loaded. */
export function membersCsv(members: readonly MemberListItem[], t: TFunction, formatDate: (iso: string) => string) {
  const header = ['lastName', 'firstName', 'username', 'email', 'role', 'status', 'lastLoginAt'].map((name) =>
    t(`members.columns.${name}`),
  );
  return toCsv(
    header,
    members.map((member) => [
      member.lastName,
      member.firstName,
      member.username,
      member.email,
      t(`common:roles.${member.role}`),
      t(`common:common.${member.status}`),
      member.lastLoginAt ? formatDate(member.lastLoginAt) : '',
    ]),
  );
}

export default function MemberListPage() {
  const { t, i18n } = useTranslation('company');
  const table = useTableState<SortKey>(SORT_KEYS, 'lastName', FILTERS);
  const { state } = table;
  const status = state.filter.status;
  const role = state.filter.role;
  const can = useCan();
  const [adding, setAdding] = useState(false);
  const [resetting, setResetting] = useState(false);
  const [archiving, setArchiving] = useState<ArchiveChoice | null>(null);
  const orgUnits = useOrgUnitChoices();
  const locations = useLocationChoices();
  // The list's filter; "all N matching" sends the same one to the bulk call, and the server finds the members.
  const filter: MemberListFilter = {
    search: state.filter.search,
    status: status === 'active' || status === 'inactive' ? status : 'all',
    role: ROLES.find((candidate) => candidate === role),
    orgUnitUuid: state.filter.orgUnit || undefined,
    locationUuid: state.filter.location || undefined,
  };
  const query = useMemberList(tableRequest(state, filter));
  const dateFormat = new Intl.DateTimeFormat(localeOf(i18n.language as Language), {
    dateStyle: 'medium',
    timeStyle: 'short',
  });

  // No "details" action: the last name is the link to them, and the table keeps its width for the data.
  const rowActions: RowAction<MemberListItem>[] = [
    {
      id: 'archive',
      label: t('members.actions.archive'),
      permissions: ['member.archive'],
      onAction: (member) => setArchiving({ members: [member] }),
    },
  ];
  const bulkActions: BulkAction<MemberListItem>[] = [
    {
      id: 'archive',
      label: t('members.actions.archiveSelected'),
      permissions: ['member.archive'],
      onAction: (members) => setArchiving({ members }),
      onAllMatching: (total) => setArchiving({ filter, total }),
    },
    {
      id: 'export',
      label: t('members.actions.exportCsv'),
      permissions: ['member-list.get-list'],
      onAction: (members) =>
        downloadText(
          `${t('members.actions.exportFileName')}.csv`,
          membersCsv(members, t, (iso) => dateFormat.format(new Date(iso))),
        ),
    },
    {
      id: 'email',
      label: t('members.actions.email'),
      permissions: ['member-list.get-list'],
      onAction: (members) => {
        const addresses = members
          .map((member) => member.email)
          .filter((address): address is string => Boolean(address));
        if (addresses.length > 0) window.location.href = `mailto:?bcc=${addresses.map(encodeURIComponent).join(',')}`;
      },
    },
  ];

  const columns: Column<MemberListItem>[] = [
    {
      name: 'lastName',
      label: t('members.columns.lastName'),
      sortable: true,
      value: (member) => <Link to={memberDetailsPath(member.uuid)}>{member.lastName}</Link>,
    },
    {
      name: 'firstName',
      label: t('members.columns.firstName'),
      sortable: true,
      maxWidth: '8rem',
      value: (member) => member.firstName,
    },
    {
      name: 'username',
      label: t('members.columns.username'),
      sortable: true,
      maxWidth: '7.5rem',
      value: (member) => member.username,
    },
    {
      name: 'email',
      label: t('members.columns.email'),
      sortable: true,
      maxWidth: '10rem',
      value: (member) => member.email,
    },
    {
      name: 'role',
      label: t('members.columns.role'),
      sortable: true,
      value: (member) => t(`common:roles.${member.role}`),
    },
    {
      name: 'status',
      label: t('members.columns.status'),
      sortable: true,
      value: (member) => (
        <span className={`ui-badge ${member.status === 'active' ? 'ui-badge--success' : 'ui-badge--warning'}`}>
          {t(`common:common.${member.status}`)}
        </span>
      ),
    },
    {
      name: 'lastLoginAt',
      label: t('members.columns.lastLoginAt'),
      sortable: true,
      value: (member) => member.lastLoginAt,
      formatter: (value) => dateFormat.format(new Date(String(value))),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('members.listTitle')}
        actions={
          <>
            <ImportMembersLink />
            {can(['member.reset-passwords']) && (
              <button
                type="button"
                className="ui-button ui-button--ghost"
                onClick={() => setResetting(true)}
                data-testid="reset-passwords"
              >
                {t('members.reset.open')}
              </button>
            )}
            {can(['member.create']) && (
              <button type="button" className="ui-button" onClick={() => setAdding(true)} data-testid="add-member">
                {t('members.add.open')}
              </button>
            )}
          </>
        }
      />
      <AddMemberModal open={adding} onClose={() => setAdding(false)} />
      <ResetPasswordsModal open={resetting} onClose={() => setResetting(false)} />
      <ArchiveMembersDialog choice={archiving} onClose={() => setArchiving(null)} />
      <div className="company-wide-table">
        <DataTable
          caption={t('members.listTitle')}
          columns={columns}
          {...queryRows(query)}
          table={table}
          rowKey={(member) => member.uuid}
          emptyText={t('members.empty')}
          rowLabel={(member) => `${member.firstName} ${member.lastName}`}
          rowActions={rowActions}
          bulkActions={bulkActions}
          filters={[
            { name: 'search', type: 'search', label: t('members.filters.search'), typeahead: true },
            {
              name: 'status',
              type: 'dropdown',
              label: t('members.filters.status'),
              options: [
                { value: '', label: t('members.filters.activeAndInactive') },
                { value: 'active', label: t('common:common.active') },
                { value: 'inactive', label: t('common:common.inactive') },
              ],
            },
            {
              name: 'role',
              type: 'dropdown',
              label: t('members.filters.role'),
              options: [
                { value: '', label: t('members.filters.allRoles') },
                ...ROLES.filter((candidate) => candidate !== 'user').map((candidate) => ({
                  value: candidate,
                  label: t(`common:roles.${candidate}`),
                })),
              ],
            },
            {
              name: 'orgUnit',
              type: 'dropdown',
              label: t('members.filters.orgUnit'),
              options: [
                { value: '', label: t('members.filters.allOrgUnits') },
                ...(orgUnits.data?.items ?? []).map((unit) => ({
                  value: unit.uuid,
                  label: `${'· '.repeat(unit.depth)}${unit.orgUnitName}`,
                })),
              ],
            },
            {
              name: 'location',
              type: 'dropdown',
              label: t('members.filters.location'),
              options: [
                { value: '', label: t('members.filters.allLocations') },
                ...(locations.data?.items ?? []).map((location) => ({ value: location.uuid, label: location.name })),
              ],
            },
          ]}
        />
      </div>
    </>
  );
}
