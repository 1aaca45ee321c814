import type { OrgUnitDetail } from '@dash/shared-core';
import { SelectField, showToast, useForm } from '@dash/shared-ui';
import { Modal, ModalFooter } from '@dash/shared-ui/dialog';
import { useTranslation } from 'react-i18next';
import { useCopyMemberAssignments } from '../api/copyMemberAssignments';
import { useOrgUnitTree } from '../api/getOrgUnitTree';
import { unitOptions } from './unitOptions';

/** "Copy members from another org unit": every member of the chosen unit is added to this one. */
export function CopyMembersModal({ unit, open, onClose }: { unit: OrgUnitDetail; open: boolean; onClose: () => void }) {
  const { t } = useTranslation('company');
  const tree = useOrgUnitTree();
  const copy = useCopyMemberAssignments();
  const form = useForm({
    initialValues: { sourceUuid: '' },
    fields: { sourceUuid: { required: true } },
    send: async (values) => {
      const { changed } = await copy.mutateAsync({ uuid: unit.uuid, sourceUuid: values.sourceUuid });
      showToast({
        type: 'success',
        title: t('common:toast.successTitle'),
        message: t('orgUnits.copied', { count: changed }),
      });
      onClose();
    },
  });
  return (
    <Modal
      open={open}
      onClose={onClose}
      onClosed={() => form.reset()}
      headline={t('orgUnits.copyHeadline')}
      width={40}
      testId="copy-members-modal"
      footer={
        <ModalFooter onCancel={onClose} form="copy-members-form" label={t('orgUnits.copy')} disabled={form.busy} />
      }
    >
      <form id="copy-members-form" key={form.generation} onSubmit={form.onSubmit} noValidate>
        <p>{t('orgUnits.copyText', { name: unit.orgUnitName })}</p>
        <SelectField
          label={t('orgUnits.copySource')}
          placeholder={t('orgUnits.chooseUnit')}
          options={unitOptions(tree.data?.items ?? []).filter((option) => option.value !== unit.uuid)}
          {...form.field('sourceUuid')}
        />
      </form>
    </Modal>
  );
}
