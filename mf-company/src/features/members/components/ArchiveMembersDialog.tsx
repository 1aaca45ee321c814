import type { MemberListItem } from '@dash/shared-core';
import { Dialog, showToast } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { useArchiveMembers } from '../api/archiveMembers';

/** "Archive" modal: names who is archived; they cannot sign in until restored. */
export function ArchiveMembersDialog({ members, onClose }: { members: MemberListItem[]; onClose: () => void }) {
  const { t } = useTranslation('company');
  const archive = useArchiveMembers();
  return (
    <Dialog
      open={members.length > 0}
      onClose={onClose}
      headline={t('members.archive.title', { count: members.length })}
      testId="archive-members-dialog"
      texts={[t('members.archive.text')]}
      list={members.slice(0, 10).map((member) => `${member.firstName} ${member.lastName}`)}
      buttons={[
        {
          label: t('members.archive.confirm'),
          variant: 'danger',
          disabled: archive.isPending,
          onClick: () =>
            archive.mutate(
              members.map((member) => member.uuid),
              {
                onSuccess: (answer) => {
                  showToast({
                    type: 'success',
                    title: t('members.archive.title', { count: answer.count }),
                    message: t('members.archive.done', { count: answer.count }),
                  });
                  onClose();
                },
              },
            ),
        },
      ]}
    />
  );
}
