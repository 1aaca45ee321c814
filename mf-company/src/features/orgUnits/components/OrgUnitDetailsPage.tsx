import type { OrgUnitDetail } from '@dash/shared-core';
import { maxLength, ORG_UNIT_ID_RULES, ORG_UNIT_LIMITS } from '@dash/shared-core';
import {
  FormActions,
  PageHeader,
  SelectField,
  Spinner,
  showToast,
  Tabs,
  TextField,
  useCan,
  useForm,
  useNavigate,
  useParams,
} from '@dash/shared-ui';
import { Dropdown } from '@dash/shared-ui/dropdown';
import { tableRequest, useTableState } from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_ROUTES } from '../../../routes';
import '../../memberPicker/components/assignedMembers.css';
import { AssignedMembersSection } from '../../memberPicker/components/AssignedMembersSection';
import { ASSIGNED_SORT_KEYS, type AssignedSortKey } from '../../memberPicker/components/AssignedMembersTable';
import { useAddOrgUnitMembers } from '../api/addOrgUnitMembers';
import { useOrgUnitDetail } from '../api/getOrgUnitDetail';
import { useOrgUnitMembers } from '../api/getOrgUnitMembers';
import { useOrgUnitTree } from '../api/getOrgUnitTree';
import { useResponsibleCandidates } from '../api/getResponsibleCandidates';
import { useRemoveOrgUnitMembers } from '../api/removeOrgUnitMembers';
import { useUpdateOrgUnit } from '../api/updateOrgUnit';
import { CopyMembersModal } from './CopyMembersModal';
import { DeleteOrgUnitModal } from './DeleteOrgUnitModal';
import { unitOptions } from './unitOptions';
import './orgUnits.css';

function DetailsTab({ unit }: { unit: OrgUnitDetail }) {
  const { t } = useTranslation('company');
  const can = useCan();
  const editable = can(['org-unit.update']);
  const tree = useOrgUnitTree();
  const candidates = useResponsibleCandidates(editable);
  const update = useUpdateOrgUnit();
  const [responsible, setResponsible] = useState<string[]>(unit.admins.map((person) => person.uuid));
  const form = useForm({
    initialValues: { orgUnitName: unit.orgUnitName, identifier: unit.identifier, parentUuid: unit.parentUuid ?? '' },
    fields: {
      orgUnitName: { required: true, rules: [maxLength(ORG_UNIT_LIMITS.nameMaxLength)] },
      identifier: { required: true, rules: [...ORG_UNIT_ID_RULES] },
    },
    send: async (values) => {
      await update.mutateAsync({
        uuid: unit.uuid,
        orgUnitName: values.orgUnitName.trim(),
        identifier: values.identifier.trim(),
        ...(unit.isRoot || !values.parentUuid ? {} : { parentUuid: values.parentUuid }),
        adminUuids: responsible,
      });
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('orgUnits.saved') });
    },
  });
  // Persons already responsible stay listed even when the candidate list does not hold them (another role now).
  const people = [
    ...(candidates.data ?? []),
    ...unit.admins.filter((person) => !(candidates.data ?? []).some((candidate) => candidate.uuid === person.uuid)),
  ];
  return (
    <form className="ui-card" onSubmit={form.onSubmit} noValidate data-testid="org-unit-details-form">
      <TextField
        label={t('orgUnits.fields.name')}
        {...form.field('orgUnitName')}
        maxLength={ORG_UNIT_LIMITS.nameMaxLength}
        disabled={!editable}
      />
      <TextField
        label={t('orgUnits.fields.identifier')}
        {...form.field('identifier')}
        lowercase
        autoComplete="off"
        spellCheck={false}
        disabled={!editable}
      />
      {!unit.isRoot && (
        <SelectField
          label={t('orgUnits.fields.parent')}
          options={unitOptions(tree.data?.items ?? [], unit.uuid)}
          disabled={!editable}
          {...form.field('parentUuid')}
        />
      )}
      {unit.isDefault && <p className="ui-alert">{t('orgUnits.defaultHint')}</p>}
      {editable ? (
        // Several persons, at most as many as the contract accepts: the list stops offering more at the limit.
        <Dropdown
          label={t('orgUnits.fields.responsible')}
          multiple
          max={ORG_UNIT_LIMITS.responsibleMax}
          items={people.map((person) => ({ value: person.uuid, label: `${person.lastName}, ${person.firstName}` }))}
          value={responsible}
          onChange={setResponsible}
          placeholder={t('orgUnits.noResponsible')}
        />
      ) : (
        <div className="ui-field">
          <span className="ui-dropdown__label">{t('orgUnits.fields.responsible')}</span>
          <p>{unit.admins.map((person) => `${person.firstName} ${person.lastName}`).join(', ') || '–'}</p>
        </div>
      )}
      {editable && <FormActions label={t('common:common.save')} disabled={form.busy} />}
    </form>
  );
}

function MembersTab({ unit }: { unit: OrgUnitDetail }) {
  const { t } = useTranslation('company');
  const can = useCan();
  const table = useTableState<AssignedSortKey>(ASSIGNED_SORT_KEYS, 'lastName', ['search']);
  const { state } = table;
  const query = useOrgUnitMembers({
    uuid: unit.uuid,
    ...tableRequest(state, { search: state.filter.search || undefined }),
  });
  const add = useAddOrgUnitMembers();
  const remove = useRemoveOrgUnitMembers();
  const [copying, setCopying] = useState(false);
  return (
    <>
      <AssignedMembersSection
        name={unit.orgUnitName}
        caption={t('orgUnits.membersCaption', { name: unit.orgUnitName })}
        page={query.data}
        loading={query.isFetching}
        failed={query.isError}
        onRetry={() => void query.refetch()}
        table={table}
        changePermissions={['org-unit.change-members']}
        // The default unit holds everybody: nobody is added to or removed from it.
        changeable={can(['org-unit.change-members']) && !unit.isDefault}
        assign={(memberUuids) => add.mutateAsync({ uuid: unit.uuid, memberUuids })}
        remove={(memberUuids) => remove.mutateAsync({ uuid: unit.uuid, memberUuids })}
        notice={unit.isDefault && <p className="ui-alert">{t('orgUnits.defaultHint')}</p>}
        moreActions={
          <button type="button" className="ui-button ui-button--ghost" onClick={() => setCopying(true)}>
            {t('orgUnits.copyHeadline')}
          </button>
        }
      />
      <CopyMembersModal unit={unit} open={copying} onClose={() => setCopying(false)} />
    </>
  );
}

export default function OrgUnitDetailsPage() {
  const { t } = useTranslation('company');
  const navigate = useNavigate();
  const can = useCan();
  const { uuid = '', tabId = 'details' } = useParams();
  const query = useOrgUnitDetail(uuid);
  const [deleting, setDeleting] = useState(false);
  const back = { to: COMPANY_ROUTES.orgUnitList, label: t('orgUnits.backToList') };
  if (query.isPending) return <Spinner />;
  if (query.isError || !query.data) {
    return (
      <>
        <PageHeader title={t('orgUnits.detailsTitle')} link={back} />
        <p className="ui-alert ui-alert--danger">{t('common:errors.codes.OrgUnit.NotFound')}</p>
      </>
    );
  }
  const unit = query.data;
  const deletable = can(['org-unit.delete']) && !unit.isRoot && !unit.isDefault && unit.childCount === 0;
  return (
    <>
      <PageHeader
        title={unit.orgUnitName}
        link={back}
        actions={
          deletable && (
            <button type="button" className="ui-button ui-button--danger" onClick={() => setDeleting(true)}>
              {t('orgUnits.delete')}
            </button>
          )
        }
      />
      <Tabs
        label={t('orgUnits.detailsTitle')}
        pattern={COMPANY_ROUTES.orgUnitDetails}
        params={{ uuid }}
        tabs={[
          { id: 'details', label: t('orgUnits.tabs.details'), permissions: ['org-unit.detail'] },
          { id: 'member', label: t('orgUnits.tabs.member'), permissions: ['org-unit.member-list'] },
        ]}
      />
      {tabId === 'member' ? (
        <MembersTab key={unit.uuid} unit={unit} />
      ) : (
        <DetailsTab
          key={JSON.stringify([unit.uuid, unit.orgUnitName, unit.identifier, unit.parentUuid, unit.admins])}
          unit={unit}
        />
      )}
      <DeleteOrgUnitModal
        unit={deleting ? unit : null}
        onClose={() => setDeleting(false)}
        onDeleted={() => navigate(COMPANY_ROUTES.orgUnitList)}
      />
    </>
  );
}
