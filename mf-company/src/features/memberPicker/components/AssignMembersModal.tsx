import { Modal } from '@dash/shared-ui';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PickedMember } from '../api/searchMembers';
import { MemberPicker } from './MemberPicker';

export interface AssignMembersModalProps {
  open: boolean;
  onClose: () => void;
  headline: string;
  /** Saves the picked members; the modal closes when it resolves (a failure keeps it open, the shell shows it). */
  onAssign: (memberUuids: string[]) => Promise<void>;
  /** Members already assigned: not offered again. */
  exclude?: readonly string[];
}

/** The "assign members" modal of groups, org units and locations: a server-searching picker and a save button. */
export function AssignMembersModal({ open, onClose, headline, onAssign, exclude }: AssignMembersModalProps) {
  const { t } = useTranslation('company');
  const [picked, setPicked] = useState<PickedMember[]>([]);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      await onAssign(picked.map((member) => member.uuid));
      onClose();
    } catch {
      // The API client's error toast tells what went wrong; the picked members stay for another try.
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal
      open={open}
      onClose={onClose}
      onClosed={() => setPicked([])}
      headline={headline}
      width={40}
      testId="assign-members-modal"
      footer={
        <>
          <button type="button" className="ui-button ui-button--ghost" onClick={onClose}>
            {t('common:common.cancel')}
          </button>
          <button type="button" className="ui-button" disabled={busy || picked.length === 0} onClick={save}>
            {t('memberPicker.assign', { count: picked.length })}
          </button>
        </>
      }
    >
      <MemberPicker label={t('memberPicker.label')} value={picked} onChange={setPicked} exclude={exclude} />
    </Modal>
  );
}
