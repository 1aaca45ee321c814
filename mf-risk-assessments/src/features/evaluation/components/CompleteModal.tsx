import { localIsoDate, localized, type RiskAction } from '@dash/shared-core';
import { FormError, inlineErrorText, showToast } from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCompleteRiskAction } from '../api/completeRiskAction';

/** "Mark done": the day the action was carried out (today or earlier); who marks it is recorded by the server. */
export function CompleteModal({ action, onClose }: { action: RiskAction | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('riskAssessments');
  const id = useId();
  const [doneAt, setDoneAt] = useState(localIsoDate());
  const complete = useCompleteRiskAction();
  return (
    <ConfirmDialog
      open={action !== null}
      onClose={onClose}
      title={t('actions.completeTitle')}
      width={30}
      testId="complete-risk-action"
      confirmLabel={t('actions.complete')}
      confirmDisabled={!doneAt}
      busy={complete.isPending}
      onConfirm={async () => {
        if (!action) return;
        const result = await complete.mutateAsync({ uuid: action.uuid, doneAt });
        onClose();
        showToast({
          type: 'success',
          title: t('common:toast.successTitle'),
          message: result.status === 'done' ? t('actions.allDone') : t('actions.completed'),
        });
      }}
    >
      {action && <p>{localized(action.description, i18n.language)}</p>}
      <FormError error={complete.error ? inlineErrorText(t, complete.error) : null} />
      <div className="ui-field">
        <label htmlFor={`${id}-done`}>{t('actions.doneAt')}</label>
        <input
          id={`${id}-done`}
          type="date"
          max={localIsoDate()}
          required
          value={doneAt}
          onChange={(event) => setDoneAt(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
