import type { LocationDetail, PersonRef } from '@dash/shared-core';
import { Modal, showToast } from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAssignLocationMembers } from '../api/assignLocationMembers';
import { MemberPicker } from './MemberPicker';

/** The "assign" modal: search members on the server, tick them, assign them in one call. */
export function AssignMembersModal({
  location,
  open,
  onClose,
}: {
  location: LocationDetail;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('company');
  const assign = useAssignLocationMembers();
  const [chosen, setChosen] = useState<PersonRef[]>([]);
  const [generation, setGeneration] = useState(0);
  return (
    <Modal
      open={open}
      onClose={onClose}
      onClosed={() => {
        setChosen([]);
        setGeneration((value) => value + 1);
      }}
      headline={t('locations.members.assignHeadline', { name: location.name })}
      width={40}
      testId="assign-members-modal"
      footer={
        <>
          <button type="button" className="ui-button ui-button--ghost" onClick={onClose}>
            {t('common:common.cancel')}
          </button>
          <button
            type="button"
            className="ui-button"
            disabled={chosen.length === 0 || assign.isPending}
            onClick={() =>
              assign.mutate(
                { uuid: location.uuid, memberUuids: chosen.map((person) => person.uuid) },
                {
                  onSuccess: (result) => {
                    showToast({
                      type: 'success',
                      title: t('common:toast.successTitle'),
                      message: t('locations.toast.assigned', { count: result.changed }),
                    });
                    onClose();
                  },
                },
              )
            }
          >
            {t('locations.members.assignSubmit', { count: chosen.length })}
          </button>
        </>
      }
    >
      <p className="company-note">{t('locations.members.assignText')}</p>
      <MemberPicker
        key={generation}
        label={t('locations.members.assignPicker')}
        selected={chosen}
        onChange={setChosen}
      />
    </Modal>
  );
}
