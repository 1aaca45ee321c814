import { Link, PageHeader, useNavigate } from '@dash/shared-ui';
import { Dialog } from '@dash/shared-ui/dialog';
import { useTranslation } from 'react-i18next';
import { certificatePath, ELEARNING_ROUTES } from '../../../routes';

export type SaveState = 'idle' | 'saved' | 'failed';

/** The player's bar above the course, the same for every kind of course: save state, certificate, start over, full screen. */
export function PlayerHeader({
  title,
  saveState,
  resultUuid,
  onStartOver,
  fullScreen,
}: {
  title: string;
  saveState: SaveState;
  resultUuid: string | null | undefined;
  onStartOver: () => void;
  fullScreen: { supported: boolean; active: boolean; toggle: () => void };
}) {
  const { t } = useTranslation('elearnings');
  return (
    <PageHeader
      title={title}
      link={{ to: ELEARNING_ROUTES.myElearnings, label: t('my.title') }}
      actions={
        <>
          <span className="elearning-player__save" role="status" data-testid="player-save-state">
            {saveState === 'saved' ? t('player.saved') : saveState === 'failed' ? t('player.saveFailed') : ''}
          </span>
          {resultUuid && (
            <Link className="ui-button ui-button--ghost" to={certificatePath(resultUuid)}>
              {t('player.certificate')}
            </Link>
          )}
          <button type="button" className="ui-button ui-button--ghost" onClick={onStartOver}>
            {t('player.startOver')}
          </button>
          {fullScreen.supported && (
            <button
              type="button"
              className="ui-button ui-button--ghost"
              aria-pressed={fullScreen.active}
              onClick={fullScreen.toggle}
              data-testid="player-full-screen"
            >
              {fullScreen.active ? t('player.fullScreenLeave') : t('player.fullScreen')}
            </button>
          )}
        </>
      }
    />
  );
}

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
