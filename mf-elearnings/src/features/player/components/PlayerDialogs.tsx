import { useNavigate } from '@dash/shared-ui';
import { Dialog } from '@dash/shared-ui/dialog';
import { useTranslation } from 'react-i18next';
import { certificatePath, ELEARNING_ROUTES } from '../../../routes';

/** The player's two dialogs, the same for every kind of course: "done" (with the certificate) and "start over". */
export function PlayerDialogs({
  title,
  successOpen,
  onSuccessClose,
  resultUuid,
  resetOpen,
  onResetClose,
  onStartOver,
  startingOver,
}: {
  title: string;
  successOpen: boolean;
  onSuccessClose: () => void;
  resultUuid: string | null | undefined;
  resetOpen: boolean;
  onResetClose: () => void;
  onStartOver: () => void;
  startingOver: boolean;
}) {
  const { t } = useTranslation('elearnings');
  const navigate = useNavigate();
  return (
    <>
      <Dialog
        open={successOpen}
        onClose={onSuccessClose}
        headline={t('player.successHeadline')}
        texts={[t('player.successText', { title })]}
        cancelLabel={t('player.stay')}
        // Three buttons in one row, also with the German labels.
        width={40}
        testId="player-success"
        buttons={[
          {
            label: t('player.toMyElearnings'),
            variant: 'ghost',
            onClick: () => navigate(ELEARNING_ROUTES.myElearnings),
          },
          ...(resultUuid
            ? [{ label: t('player.certificate'), onClick: () => navigate(certificatePath(resultUuid)) }]
            : []),
        ]}
      />
      <Dialog
        open={resetOpen}
        onClose={onResetClose}
        headline={t('player.startOverHeadline')}
        texts={[t('player.startOverText')]}
        testId="player-start-over"
        buttons={[{ label: t('player.startOver'), variant: 'danger', onClick: onStartOver, disabled: startingOver }]}
      />
    </>
  );
}
