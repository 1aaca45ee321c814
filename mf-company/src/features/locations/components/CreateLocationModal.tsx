import { FormError, inlineErrorText, showToast, useNavigate } from '@dash/shared-ui';
import { Modal, ModalFooter } from '@dash/shared-ui/dialog';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { locationDetailsPath } from '../../../routes';
import { useCreateLocation } from '../api/createLocation';
import { LocationFormFields, locationRequest, useLocationForm } from './locationForm';

/** The "add" modal of the location list: on success the new location's details open. */
export function CreateLocationModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation('company');
  const navigate = useNavigate();
  const create = useCreateLocation();
  const formId = useId();
  const state = useLocationForm(
    undefined,
    async (values, responsible) => {
      const created = await create.mutateAsync(locationRequest(values, responsible));
      showToast({
        type: 'success',
        title: t('common:toast.successTitle'),
        message: t('locations.toast.created', { name: created.name }),
      });
      onClose();
      navigate(locationDetailsPath(created.uuid));
    },
    (caught) => inlineErrorText(t, caught),
  );
  const { form } = state;
  return (
    <Modal
      open={open}
      onClose={onClose}
      onClosed={() => {
        form.reset();
        state.setResponsible([]);
      }}
      headline={t('locations.create.headline')}
      width={50}
      testId="create-location-modal"
      footer={
        <ModalFooter onCancel={onClose} form={formId} label={t('locations.create.submit')} disabled={form.busy} />
      }
    >
      <form id={formId} onSubmit={form.onSubmit} noValidate key={form.generation}>
        <FormError error={form.error} testId="create-location-error" />
        <LocationFormFields state={state} />
      </form>
    </Modal>
  );
}
