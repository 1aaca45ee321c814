import { type Language, LOCATION_TYPES, type LocationListFilter, type LocationListItem } from '@dash/shared-core';
import { Link, PageHeader, useCan } from '@dash/shared-ui';
import { type BulkAction, type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { locationDetailsPath } from '../../../routes';
import { useLocationList } from '../api/getLocationList';
import { CreateLocationModal } from './CreateLocationModal';
import { DeleteLocationsModal } from './DeleteLocationsModal';
import { countryName, formattedFloorSpace } from './locationForm';

const SORT_KEYS = ['name', 'city', 'countryCode', 'locationType', 'floorSpace', 'memberCount'] as const;
type SortKey = (typeof SORT_KEYS)[number];
const FILTERS = ['search', 'locationType'] as const;

export default function LocationListPage() {
  const { t, i18n } = useTranslation('company');
  const language = i18n.language as Language;
  const can = useCan();
  const table = useTableState<SortKey>(SORT_KEYS, 'name', FILTERS);
  const { state } = table;
  // The list's filter; "all N matching" sends the same one to the delete call.
  const filter: LocationListFilter = {
    search: state.filter.search,
    locationType: LOCATION_TYPES.find((type) => type === state.filter.locationType),
  };
  const query = useLocationList(tableRequest(state, filter));
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<{
    open: boolean;
    locations: LocationListItem[];
    matching?: { filter: LocationListFilter; total: number };
  }>({ open: false, locations: [] });
  const askDelete = (locations: LocationListItem[]) => setDeleting({ open: true, locations });

  // Delete works on the selection (one or many) and on a location's details page; the name opens the details.
  const bulkActions: BulkAction<LocationListItem>[] = [
    {
      id: 'delete',
      label: t('locations.actions.deleteSelected'),
      permissions: ['location.delete'],
      onAction: askDelete,
      onAllMatching: (total) => setDeleting({ open: true, locations: [], matching: { filter, total } }),
    },
  ];

  const columns: Column<LocationListItem>[] = [
    {
      name: 'name',
      label: t('locations.columns.name'),
      sortable: true,
      value: (location) => <Link to={locationDetailsPath(location.uuid)}>{location.name}</Link>,
    },
    {
      name: 'locationType',
      label: t('locations.columns.locationType'),
      sortable: true,
      value: (location) => t(`locations.types.${location.locationType}`),
    },
    {
      name: 'floorSpace',
      label: t('locations.columns.floorSpace'),
      sortable: true,
      alignment: 'right',
      value: (location) => location.floorSpace,
      formatter: (_value, location) => formattedFloorSpace(location.floorSpace ?? 0, language, t),
    },
    { name: 'city', label: t('locations.columns.city'), sortable: true, value: (location) => location.city },
    {
      name: 'countryCode',
      label: t('locations.columns.countryCode'),
      sortable: true,
      value: (location) => countryName(location.countryCode, language),
    },
    {
      name: 'memberCount',
      label: t('locations.columns.memberCount'),
      sortable: true,
      alignment: 'right',
      value: (location) => String(location.memberCount),
    },
    {
      name: 'responsibleMembers',
      label: t('locations.columns.responsibleMembers'),
      maxWidth: '16rem',
      value: (location) =>
        location.responsibleMembers.map((person) => `${person.firstName} ${person.lastName}`).join(', '),
    },
  ];

  return (
    <>
      <PageHeader
        title={t('locations.listTitle')}
        actions={
          can(['location.create']) ? (
            <button type="button" className="ui-button" onClick={() => setCreating(true)} data-testid="add-location">
              {t('locations.actions.add')}
            </button>
          ) : undefined
        }
      />
      <DataTable
        caption={t('locations.listTitle')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(location) => location.uuid}
        emptyText={t('locations.empty')}
        rowLabel={(location) => location.name}
        bulkActions={bulkActions}
        filters={[
          { name: 'search', type: 'search', label: t('locations.filters.search'), typeahead: true },
          {
            name: 'locationType',
            type: 'dropdown',
            label: t('locations.filters.locationType'),
            options: [
              { value: '', label: t('locations.filters.allTypes') },
              ...LOCATION_TYPES.map((type) => ({ value: type, label: t(`locations.types.${type}`) })),
            ],
          },
        ]}
      />
      <CreateLocationModal open={creating} onClose={() => setCreating(false)} />
      <DeleteLocationsModal
        open={deleting.open}
        locations={deleting.locations}
        matching={deleting.matching}
        onClose={() => setDeleting((current) => ({ ...current, open: false }))}
      />
    </>
  );
}
