import { maxLength } from '@dash/shared-core';
import { SelectField, showToast, TextField, useForm, useNavigate } from '@dash/shared-ui';
import { Modal, ModalFooter } from '@dash/shared-ui/dialog';
import { useTranslation } from 'react-i18next';
import { groupDetailsPath } from '../../../routes';
import { useCreateMemberGroup } from '../api/createMemberGroup';
import { GROUP_TYPES, isGroupType } from './groupTypes';

export function CreateGroupModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('company');
  const navigate = useNavigate();
  const create = useCreateMemberGroup();
  const form = useForm({
    initialValues: { name: '', type: '' },
    fields: { name: { required: true, rules: [maxLength(255)] }, type: { required: true } },
    send: async (values) => {
      if (!isGroupType(values.type)) return;
      const { uuid } = await create.mutateAsync({ name: values.name.trim(), type: values.type });
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('memberGroups.created') });
      onClose();
      navigate(groupDetailsPath(uuid, 'member'));
    },
  });
  return (
    <Modal
      open={open}
      onClose={onClose}
      onClosed={() => form.reset()}
      headline={t('memberGroups.createHeadline')}
      width={40}
      testId="create-group-modal"
      footer={
        <ModalFooter
          onCancel={onClose}
          form="create-group-form"
          label={t('memberGroups.create')}
          disabled={form.busy}
        />
      }
    >
      <form id="create-group-form" key={form.generation} onSubmit={form.onSubmit} noValidate>
        <TextField label={t('memberGroups.fields.name')} {...form.field('name')} maxLength={255} />
        <SelectField
          label={t('memberGroups.fields.type')}
          placeholder={t('memberGroups.chooseType')}
          options={GROUP_TYPES.map((type) => ({ value: type, label: t(`memberGroups.types.${type}`) }))}
          {...form.field('type')}
        />
      </form>
    </Modal>
  );
}
