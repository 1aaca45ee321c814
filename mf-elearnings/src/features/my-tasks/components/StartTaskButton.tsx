import { useNavigate } from '@dash/shared-ui';
import { useTranslation } from 'react-i18next';
import { executionPath } from '../../../routes';
import { useCreateExecution } from '../../player/api/createExecution';

/**
 * Opens a task in the player: the server starts the execution, or finds the running one (resume), and the player
 * opens at execution/{executionUuid}. A course without a package answers with its own message (error toast).
 */
export function StartTaskButton({ taskUuid, title }: { taskUuid: string; title: string }) {
  const { t } = useTranslation('elearnings');
  const navigate = useNavigate();
  const create = useCreateExecution();
  return (
    <button
      type="button"
      className="ui-button ui-button--link elearning-start"
      disabled={create.isPending}
      title={t('player.open')}
      onClick={() => create.mutate(taskUuid, { onSuccess: (execution) => navigate(executionPath(execution.uuid)) })}
    >
      {title}
    </button>
  );
}
