import type { AssignedMember } from '@dash/shared-core';
import { Dialog } from '@dash/shared-ui/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** Confirms removing members from a group, org unit or location, naming them. */
export function RemoveMembersModal({
  members,
  from,
  onClose,
  onRemove,
}: {
  members: AssignedMember[];
  /** The group's or unit's name. */
  from: string;
  onClose: () => void;
  onRemove: (memberUuids: string[]) => Promise<void>;
}) {
  const { t } = useTranslation('company');
  const [busy, setBusy] = useState(false);
  return (
    <Dialog
      open={members.length > 0}
      onClose={onClose}
      headline={t('memberPicker.removeHeadline', { count: members.length })}
      texts={[t('memberPicker.removeText', { count: members.length, name: from })]}
      list={members.map((member) => `${member.firstName} ${member.lastName}`)}
      testId="remove-members-modal"
      buttons={[
        {
          label: t('memberPicker.remove'),
          variant: 'danger',
          disabled: busy,
          onClick: async () => {
            setBusy(true);
            try {
              await onRemove(members.map((member) => member.uuid));
              onClose();
            } catch {
              // The API client's error toast tells what went wrong.
            } finally {
              setBusy(false);
            }
          },
        },
      ]}
    />
  );
}
