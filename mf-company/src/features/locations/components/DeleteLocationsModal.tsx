import type { LocationListFilter, LocationListItem } from '@dash/shared-core';
import { showToast } from '@dash/shared-ui';
import { Dialog } from '@dash/shared-ui/dialog';
import { useTranslation } from 'react-i18next';
import { useDeleteLocations } from '../api/deleteLocations';

/**
 * The "delete" modal: names the locations and what is lost with them (their member assignments). With `matching`
 * ("all N matching the filter") it deletes every location the list shows for that filter instead of `locations`.
 */
export function DeleteLocationsModal({
  open,
  locations,
  matching,
  onClose,
  onDeleted,
}: {
  open: boolean;
  locations: LocationListItem[];
  matching?: { filter: LocationListFilter; total: number };
  onClose: () => void;
  onDeleted?: () => void;
}) {
  const { t } = useTranslation('company');
  const remove = useDeleteLocations();
  const members = locations.reduce((sum, location) => sum + location.memberCount, 0);
  const count = matching ? matching.total : locations.length;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      headline={t('locations.delete.headline', { count })}
      texts={
        matching
          ? [t('locations.delete.allMatching', { total: matching.total })]
          : [t('locations.delete.text', { count }), t('locations.delete.members', { count: members })]
      }
      list={matching ? [] : locations.map((location) => location.name)}
      width={40}
      testId="delete-locations-modal"
      buttons={[
        {
          label: t('locations.delete.submit', { count }),
          variant: 'danger',
          disabled: remove.isPending,
          // A refusal is shown by the API client's error toast; the modal stays open.
          onClick: () =>
            remove.mutate(
              matching ? { filter: matching.filter } : { uuids: locations.map((location) => location.uuid) },
              {
                onSuccess: (result) => {
                  showToast({
                    type: 'success',
                    title: t('common:toast.successTitle'),
                    message: t('locations.toast.deleted', { count: result.deleted }),
                  });
                  onClose();
                  onDeleted?.();
                },
              },
            ),
        },
      ]}
    />
  );
}
