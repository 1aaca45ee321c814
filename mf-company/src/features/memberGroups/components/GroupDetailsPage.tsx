import type { MemberGroup } from '@dash/shared-core';
import { maxLength } from '@dash/shared-core';
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
import { tableRequest, useTableState } from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPANY_ROUTES } from '../../../routes';
import { AssignedMembersSection } from '../../memberPicker/components/AssignedMembersSection';
import { ASSIGNED_SORT_KEYS, type AssignedSortKey } from '../../memberPicker/components/AssignedMembersTable';
import { useAssignGroupMembers } from '../api/assignGroupMembers';
import { useMemberGroupDetails } from '../api/getMemberGroupDetails';
import { useMemberGroupMembers } from '../api/getMemberGroupMembers';
import { useRemoveGroupMembers } from '../api/removeGroupMembers';
import { useUpdateMemberGroup } from '../api/updateMemberGroup';
import { DeleteGroupsModal } from './DeleteGroupsModal';
import { GROUP_TYPES, isGroupType } from './groupTypes';

function DetailsTab({ group }: { group: MemberGroup }) {
  const { t } = useTranslation('company');
  const can = useCan();
  const update = useUpdateMemberGroup();
  const editable = can(['member-group.update']);
  const form = useForm({
    initialValues: { name: group.name, type: group.type as string },
    fields: { name: { required: true, rules: [maxLength(255)] }, type: { required: true } },
    send: async (values) => {
      if (!isGroupType(values.type)) return;
      await update.mutateAsync({ uuid: group.uuid, name: values.name.trim(), type: values.type });
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('memberGroups.saved') });
    },
  });
  return (
    <form className="ui-card" onSubmit={form.onSubmit} noValidate data-testid="group-details-form">
      <TextField label={t('memberGroups.fields.name')} {...form.field('name')} maxLength={255} disabled={!editable} />
      <SelectField
        label={t('memberGroups.fields.type')}
        options={GROUP_TYPES.map((type) => ({ value: type, label: t(`memberGroups.types.${type}`) }))}
        disabled={!editable}
        {...form.field('type')}
      />
      <p>
        {t('memberGroups.fields.memberCount')}: {group.memberCount}
      </p>
      {editable && <FormActions label={t('common:common.save')} disabled={form.busy} />}
    </form>
  );
}

function MembersTab({ group }: { group: MemberGroup }) {
  const { t } = useTranslation('company');
  const can = useCan();
  const table = useTableState<AssignedSortKey>(ASSIGNED_SORT_KEYS, 'lastName', ['search']);
  const { state } = table;
  const query = useMemberGroupMembers({
    uuid: group.uuid,
    ...tableRequest(state, { search: state.filter.search || undefined }),
  });
  const assign = useAssignGroupMembers();
  const remove = useRemoveGroupMembers();
  return (
    <AssignedMembersSection
      name={group.name}
      caption={t('memberGroups.membersCaption', { name: group.name })}
      page={query.data}
      loading={query.isFetching}
      failed={query.isError}
      onRetry={() => void query.refetch()}
      table={table}
      changePermissions={['member-group.change-members']}
      changeable={can(['member-group.change-members'])}
      assign={(memberUuids) => assign.mutateAsync({ uuid: group.uuid, memberUuids })}
      remove={(memberUuids) => remove.mutateAsync({ uuid: group.uuid, memberUuids })}
    />
  );
}

export default function GroupDetailsPage() {
  const { t } = useTranslation('company');
  const navigate = useNavigate();
  const can = useCan();
  const { uuid = '', tabId = 'details' } = useParams();
  const query = useMemberGroupDetails(uuid);
  const [deleting, setDeleting] = useState<MemberGroup[]>([]);
  const back = { to: COMPANY_ROUTES.groupList, label: t('memberGroups.backToList') };
  if (query.isPending) return <Spinner />;
  if (query.isError || !query.data) {
    return (
      <>
        <PageHeader title={t('memberGroups.detailsTitle')} link={back} />
        <p className="ui-alert ui-alert--danger">{t('common:errors.codes.MemberGroup.NotFound')}</p>
      </>
    );
  }
  const group = query.data;
  return (
    <>
      <PageHeader
        title={group.name}
        link={back}
        actions={
          can(['member-group.delete']) && (
            <button type="button" className="ui-button ui-button--danger" onClick={() => setDeleting([group])}>
              {t('memberGroups.delete')}
            </button>
          )
        }
      />
      <Tabs
        label={t('memberGroups.detailsTitle')}
        pattern={COMPANY_ROUTES.groupDetails}
        params={{ uuid }}
        tabs={[
          { id: 'details', label: t('memberGroups.tabs.details'), permissions: ['member-group.read-details'] },
          { id: 'member', label: t('memberGroups.tabs.member'), permissions: ['member-group.read-member-list'] },
        ]}
      />
      {tabId === 'member' ? (
        <MembersTab key={group.uuid} group={group} />
      ) : (
        <DetailsTab key={`${group.uuid}|${group.name}|${group.type}`} group={group} />
      )}
      <DeleteGroupsModal
        groups={deleting}
        onClose={() => setDeleting([])}
        onDeleted={() => navigate(COMPANY_ROUTES.groupList)}
      />
    </>
  );
}
