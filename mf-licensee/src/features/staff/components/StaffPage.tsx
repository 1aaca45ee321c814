import {
  email,
  formatDate,
  generateUsername,
  LANGUAGES,
  type Language,
  LICENSEE_ROLES,
  type LicenseeRole,
  type LicenseeStaff,
  maxLength,
  username,
} from '@dash/shared-core';
import {
  LICENSEE_STAFF_SORT_KEYS,
  LICENSEE_STAFF_STATUS_FILTERS,
  type LicenseeStaffSortKey,
} from '@dash/shared-core/calls';
import {
  FormError,
  inlineErrorText,
  PageHeader,
  SelectField,
  showToast,
  TextField,
  useCan,
  useForm,
  useSessionStore,
} from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { Modal, ModalFooter } from '@dash/shared-ui/dialog';
import { type Column, DataTable, queryRows, tableRequest, useTableState } from '@dash/shared-ui/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCreateStaff } from '../api/createStaff';
import { useStaffList } from '../api/getStaffList';
import { useSetStaffRole } from '../api/setStaffRole';
import { useSetStaffStatus } from '../api/setStaffStatus';
import '../../clients/components/licensee.css';

const FILTERS = ['search', 'status'] as const;

/**
 * The licensee's own staff (licensee admins only): who may sign in to the console, in which role. A new staff member
 * gets a mail with a link to set the password; the server keeps at least one active licensee admin and refuses an
 * admin's deactivation of his own account.
 */
export default function StaffPage() {
  const { t, i18n } = useTranslation('licensee');
  const language = i18n.language as Language;
  const can = useCan();
  const ownUuid = useSessionStore((state) => state.licenseeState?.staff.uuid);
  const [creating, setCreating] = useState(false);
  const [statusOf, setStatusOf] = useState<LicenseeStaff | null>(null);
  const setRole = useSetStaffRole();
  const setStatus = useSetStaffStatus();
  const table = useTableState<LicenseeStaffSortKey>(LICENSEE_STAFF_SORT_KEYS, 'name', FILTERS);
  const { state } = table;
  const query = useStaffList(
    tableRequest(state, {
      search: state.filter.search || undefined,
      status: LICENSEE_STAFF_STATUS_FILTERS.find((status) => status === state.filter.status) ?? 'all',
    }),
  );
  const editable = can(['licensee.staff-change']);

  const columns: Column<LicenseeStaff>[] = [
    {
      name: 'name',
      label: t('staff.columns.name'),
      sortable: true,
      value: (staff) => (
        <>
          {staff.firstName} {staff.lastName}
          {staff.uuid === ownUuid && <span className="licensee-hint"> ({t('staff.you')})</span>}
          {staff.email && <div className="licensee-staff__email">{staff.email}</div>}
        </>
      ),
    },
    {
      name: 'username',
      label: t('staff.columns.username'),
      sortable: true,
      value: (staff) => <code>{staff.username}</code>,
    },
    {
      name: 'role',
      label: t('staff.columns.role'),
      sortable: true,
      value: (staff) =>
        editable ? (
          <select
            className="licensee-role-select"
            aria-label={t('staff.roleOf', { name: `${staff.firstName} ${staff.lastName}` })}
            value={staff.role}
            disabled={setRole.isPending}
            data-testid={`staff-role-${staff.username}`}
            onChange={(event) => {
              const role = event.target.value as LicenseeRole;
              setRole.mutate(
                { uuid: staff.uuid, role },
                {
                  onSuccess: () =>
                    showToast({
                      type: 'success',
                      title: t('common:toast.successTitle'),
                      message: t('staff.roleChanged', { name: `${staff.firstName} ${staff.lastName}` }),
                    }),
                },
              );
            }}
          >
            {LICENSEE_ROLES.map((role) => (
              <option key={role} value={role}>
                {t(`staff.roles.${role}`)}
              </option>
            ))}
          </select>
        ) : (
          t(`staff.roles.${staff.role}`)
        ),
    },
    {
      name: 'status',
      label: t('staff.columns.status'),
      value: (staff) => (
        <span className={`ui-badge licensee-nowrap ${staff.active ? 'ui-badge--success' : 'ui-badge--danger'}`}>
          {t(staff.active ? 'status.active' : 'status.inactive')}
          {staff.active && !staff.hasPassword ? ` · ${t('staff.invited')}` : ''}
        </span>
      ),
    },
    {
      name: 'lastLoginAt',
      label: t('staff.columns.lastLogin'),
      value: (staff) => (staff.lastLoginAt ? formatDate(staff.lastLoginAt, language, 'dateTime') : '–'),
    },
    {
      name: 'actions',
      label: t('staff.columns.actions'),
      value: (staff) =>
        editable && staff.uuid !== ownUuid ? (
          <button
            type="button"
            className={`ui-button ui-button--small licensee-nowrap${staff.active ? ' ui-button--ghost' : ''}`}
            onClick={() => setStatusOf(staff)}
            data-testid={`staff-${staff.active ? 'deactivate' : 'reactivate'}-${staff.username}`}
          >
            {t(staff.active ? 'staff.deactivate' : 'staff.reactivate')}
          </button>
        ) : null,
    },
  ];

  const statusAction = statusOf?.active ? 'deactivate' : 'reactivate';
  const statusName = statusOf ? `${statusOf.firstName} ${statusOf.lastName}` : '';
  return (
    <>
      <PageHeader
        title={t('staff.title')}
        actions={
          editable ? (
            <button type="button" className="ui-button" onClick={() => setCreating(true)} data-testid="add-staff">
              {t('staff.add')}
            </button>
          ) : undefined
        }
      />
      <p className="licensee-hint">{t('staff.hint')}</p>
      <DataTable
        caption={t('staff.title')}
        columns={columns}
        {...queryRows(query)}
        table={table}
        rowKey={(staff) => staff.uuid}
        rowLabel={(staff) => `${staff.firstName} ${staff.lastName}`}
        emptyText={t('staff.empty')}
        filters={[
          { name: 'search', type: 'search', label: t('staff.search'), typeahead: true },
          {
            name: 'status',
            type: 'dropdown',
            label: t('list.statusFilter'),
            options: LICENSEE_STAFF_STATUS_FILTERS.map((status) => ({
              value: status === 'all' ? '' : status,
              label: t(`list.statuses.${status}`),
            })),
          },
        ]}
      />
      {creating && <CreateStaffDialog onClose={() => setCreating(false)} />}
      <ConfirmDialog
        open={statusOf !== null}
        onClose={() => setStatusOf(null)}
        title={t(`staff.${statusAction}Title`, { name: statusName })}
        text={t(`staff.${statusAction}Text`)}
        confirmLabel={t(`staff.${statusAction}`)}
        variant={statusOf?.active ? 'danger' : 'primary'}
        onConfirm={async () => {
          if (!statusOf) return;
          await setStatus.mutateAsync({ uuid: statusOf.uuid, active: !statusOf.active });
          setStatusOf(null);
          showToast({
            type: 'success',
            title: t('common:toast.successTitle'),
            message: t(`staff.${statusAction}d`, { name: statusName }),
          });
        }}
      />
    </>
  );
}

function CreateStaffDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation('licensee');
  const create = useCreateStaff();
  const form = useForm({
    initialValues: {
      firstName: '',
      lastName: '',
      email: '',
      username: '',
      role: 'support-adviser',
      language: 'de_DE',
    },
    fields: {
      firstName: { required: true, rules: [maxLength(255)] },
      lastName: { required: true, rules: [maxLength(255)] },
      email: { required: true, rules: [email] },
      username: { required: true, rules: [username] },
      role: { required: true },
      language: { required: true },
    },
    send: async (values) => {
      const created = await create.mutateAsync({
        ...values,
        role: values.role === 'licensee-admin' ? 'licensee-admin' : 'support-adviser',
        language: values.language === 'en_GB' ? 'en_GB' : 'de_DE',
      });
      showToast({
        type: created.welcomeMailSent ? 'success' : 'warning',
        title: t('common:toast.successTitle'),
        message: t(created.welcomeMailSent ? 'staff.created' : 'staff.createdWithoutMail', {
          name: `${values.firstName} ${values.lastName}`,
          email: values.email,
        }),
      });
      onClose();
    },
    errorText: (caught) => inlineErrorText(t, caught),
  });
  return (
    <Modal
      open
      onClose={onClose}
      headline={t('staff.createTitle')}
      width={40}
      testId="create-staff-dialog"
      footer={
        <ModalFooter
          onCancel={onClose}
          label={t('staff.createSubmit')}
          form="create-staff-form"
          disabled={form.busy}
          testId="create-staff-submit"
        />
      }
    >
      <form id="create-staff-form" onSubmit={form.onSubmit} noValidate className="licensee-form">
        <p className="licensee-hint licensee-form__wide">{t('staff.createHint')}</p>
        <div className="licensee-form__wide">
          <FormError error={form.error} testId="create-staff-error" />
        </div>
        <TextField label={t('fields.firstName')} {...form.field('firstName')} autoComplete="off" />
        <TextField
          label={t('fields.lastName')}
          {...form.field('lastName')}
          autoComplete="off"
          onBlur={() => {
            // As for a new member (spec section 5): a username from first and last name, unless one was typed.
            const { firstName, lastName } = form.values;
            if (form.values.username === '' && firstName && lastName) {
              form.set('username')(generateUsername(firstName, lastName));
            }
          }}
        />
        <TextField label={t('fields.email')} type="email" {...form.field('email')} autoComplete="off" />
        <TextField label={t('fields.username')} {...form.field('username')} lowercase autoComplete="off" />
        <SelectField
          label={t('staff.columns.role')}
          {...form.field('role')}
          options={LICENSEE_ROLES.map((role) => ({ value: role, label: t(`staff.roles.${role}`) }))}
        />
        <SelectField
          label={t('fields.language')}
          {...form.field('language')}
          options={LANGUAGES.map((language) => ({ value: language, label: t(`common:language.${language}`) }))}
        />
      </form>
    </Modal>
  );
}
