import './texts';
import { Modal, ModalFooter } from '@dash/shared-ui/dialog';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { MemberPicker } from './MemberPicker';
import type { PickedMember, PickerStatus } from './memberSources';

export interface AssignMembersModalProps {
  open: boolean;
  onClose: () => void;
  headline: string;
  /** A sentence above the picker. */
  intro?: string;
  /** Saves the picked members; the modal closes when it resolves (a failure keeps it open, the shell shows it). */
  onAssign: (memberUuids: string[]) => Promise<void>;
  /** Members already assigned: not offered again, and not added with a whole unit, group or location. */
  exclude?: readonly string[];
  /** Offer whole org units, groups and locations besides single members (default). */
  sets?: boolean;
  status?: PickerStatus;
  testId?: string;
}

/**
 * The "assign members" modal of groups, org units, locations and risk assessments: the member picker (several
 * picks without closing, whole units, groups and locations at once) and a save button.
 */
export function AssignMembersModal({
  open,
  onClose,
  headline,
  intro,
  onAssign,
  exclude,
  sets = true,
  status,
  testId = 'assign-members-modal',
}: AssignMembersModalProps) {
  const { t } = useTranslation('ui');
  const [picked, setPicked] = useState<PickedMember[]>([]);
  const [busy, setBusy] = useState(false);
  // A new picker per opening: the search text and notices of the last one are gone.
  const [generation, setGeneration] = useState(0);
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
      onClosed={() => {
        setPicked([]);
        setGeneration((value) => value + 1);
      }}
      headline={headline}
      width={40}
      testId={testId}
      footer={
        <ModalFooter
          onCancel={onClose}
          label={t('memberPicker.assign', { count: picked.length })}
          disabled={busy || picked.length === 0}
          onClick={save}
        />
      }
    >
      {intro && <p>{intro}</p>}
      <MemberPicker
        key={generation}
        label={t(sets ? 'memberPicker.labelWithSets' : 'memberPicker.label')}
        value={picked}
        onChange={setPicked}
        exclude={exclude}
        sets={sets}
        status={status}
      />
    </Modal>
  );
}
