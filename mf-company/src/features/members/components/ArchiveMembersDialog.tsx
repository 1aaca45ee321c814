import type { MemberListFilter, MemberListItem } from '@dash/shared-core';
import { showToast } from '@dash/shared-ui';
import { Dialog } from '@dash/shared-ui/dialog';
import { useTranslation } from 'react-i18next';
import { useArchiveMembers } from '../api/archiveMembers';

/** Who is archived: members picked in the list, or every member the list shows for its filter ("all N matching"). */
export type ArchiveChoice = { members: MemberListItem[] } | { filter: MemberListFilter; total: number };

/** "Archive" modal: names who is archived (or how many match the filter); they cannot sign in until restored. */
export function ArchiveMembersDialog({ choice, onClose }: { choice: ArchiveChoice | null; onClose: () => void }) {
  const { t } = useTranslation('company');
  const archive = useArchiveMembers();
  const count = !choice ? 0 : 'members' in choice ? choice.members.length : choice.total;
  return (
    <Dialog
      open={choice !== null}
      onClose={onClose}
      headline={t('members.archive.title', { count })}
      testId="archive-members-dialog"
      texts={[
        t('members.archive.text'),
        ...(choice && 'filter' in choice ? [t('members.archive.allMatching', { total: choice.total })] : []),
      ]}
      list={choice && 'members' in choice ? choice.members.slice(0, 10).map((m) => `${m.firstName} ${m.lastName}`) : []}
      buttons={[
        {
          label: t('members.archive.confirm'),
          variant: 'danger',
          disabled: archive.isPending,
          onClick: () => {
            if (!choice) return;
            archive.mutate(
              'members' in choice ? { uuids: choice.members.map((member) => member.uuid) } : { filter: choice.filter },
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
            );
          },
        },
      ]}
    />
  );
}
