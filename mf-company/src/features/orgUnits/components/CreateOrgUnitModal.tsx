import { maxLength, ORG_UNIT_ID_RULES, ORG_UNIT_LIMITS } from '@dash/shared-core';
import { SelectField, showToast, TextField, useForm } from '@dash/shared-ui';
import { Modal, ModalFooter } from '@dash/shared-ui/dialog';
import { useTranslation } from 'react-i18next';
import { useCreateOrgUnit } from '../api/createOrgUnit';
import { useOrgUnitTree } from '../api/getOrgUnitTree';
import { useProposedIdentifier } from './proposedIdentifier';
import { unitOptions } from './unitOptions';
import './orgUnits.css';

/**
 * Creates a unit under a parent (preset when opened from a unit's row). The ID is proposed from the name as it is
 * typed, until the administrator types an ID of his own.
 */
export function CreateOrgUnitModal({ parentUuid, onClose }: { parentUuid: string | null; onClose: () => void }) {
  const { t } = useTranslation('company');
  const tree = useOrgUnitTree();
  const create = useCreateOrgUnit();
  const form = useForm({
    initialValues: { orgUnitName: '', identifier: '', parentUuid: parentUuid ?? '' },
    fields: {
      orgUnitName: { required: true, rules: [maxLength(ORG_UNIT_LIMITS.nameMaxLength)] },
      identifier: { required: true, rules: [...ORG_UNIT_ID_RULES] },
      parentUuid: { required: true },
    },
    send: async (values) => {
      await create.mutateAsync({
        orgUnitName: values.orgUnitName.trim(),
        identifier: values.identifier.trim(),
        parentUuid: values.parentUuid,
      });
      showToast({ type: 'success', title: t('common:toast.successTitle'), message: t('orgUnits.created') });
      onClose();
    },
  });
  const proposal = useProposedIdentifier(form.set('identifier'));
  return (
    <Modal
      open={parentUuid !== null}
      onClose={onClose}
      headline={t('orgUnits.createHeadline')}
      width={40}
      testId="create-org-unit-modal"
      footer={
        <ModalFooter onCancel={onClose} form="create-org-unit-form" label={t('orgUnits.create')} disabled={form.busy} />
      }
    >
      <form id="create-org-unit-form" onSubmit={form.onSubmit} noValidate>
        <TextField
          label={t('orgUnits.fields.name')}
          {...form.field('orgUnitName')}
          onChange={(name) => {
            form.set('orgUnitName')(name);
            proposal.nameChanged(name);
          }}
          maxLength={ORG_UNIT_LIMITS.nameMaxLength}
        />
        <TextField
          label={t('orgUnits.fields.identifier')}
          {...form.field('identifier')}
          onChange={proposal.identifierTyped}
          lowercase
          autoComplete="off"
          spellCheck={false}
        />
        <p className="company-field-note">{t('orgUnits.identifierProposed')}</p>
        <SelectField
          label={t('orgUnits.fields.parent')}
          options={unitOptions(tree.data?.items ?? [])}
          {...form.field('parentUuid')}
        />
      </form>
    </Modal>
  );
}
