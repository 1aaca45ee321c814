import { maxLength } from '@dash/shared-core';
import { Modal, SelectField, showToast, TextField, useForm } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { useCreateOrgUnit } from '../api/createOrgUnit';
import { useOrgUnitTree } from '../api/getOrgUnitTree';
import { unitOptions } from './unitOptions';

/** Creates a unit under a parent (preset when opened from a unit's row). */
export function CreateOrgUnitModal({ parentUuid, onClose }: { parentUuid: string | null; onClose: () => void }) {
  const { t } = useTranslation('company');
  const tree = useOrgUnitTree();
  const create = useCreateOrgUnit();
  const form = useForm({
    initialValues: { orgUnitName: '', parentUuid: parentUuid ?? '' },
    fields: { orgUnitName: { required: true, rules: [maxLength(255)] }, parentUuid: { required: true } },
    send: async (values) => {
      await create.mutateAsync({ orgUnitName: values.orgUnitName.trim(), parentUuid: values.parentUuid });
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('orgUnits.created') });
      onClose();
    },
  });
  return (
    <Modal
      open={parentUuid !== null}
      onClose={onClose}
      headline={t('orgUnits.createHeadline')}
      width={40}
      testId="create-org-unit-modal"
      footer={
        <>
          <button type="button" className="ui-button ui-button--ghost" onClick={onClose}>
            {t('common:common.cancel')}
          </button>
          <button type="submit" form="create-org-unit-form" className="ui-button" disabled={form.busy}>
            {t('orgUnits.create')}
          </button>
        </>
      }
    >
      <form id="create-org-unit-form" onSubmit={form.onSubmit} noValidate>
        <TextField label={t('orgUnits.fields.name')} {...form.field('orgUnitName')} maxLength={255} />
        <SelectField
          label={t('orgUnits.fields.parent')}
          options={unitOptions(tree.data?.items ?? [])}
          {...form.field('parentUuid')}
        />
      </form>
    </Modal>
  );
}
