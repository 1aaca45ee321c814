import { type EffectivenessResult, localized, type RiskAction } from '@dash/shared-core';
import { FormError, inlineErrorText, showToast } from '@dash/shared-ui';
import { ConfirmDialog } from '@dash/shared-ui/confirm-dialog';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCheckRiskAction } from '../api/checkRiskAction';
import { EFFECTIVENESS_ORDER } from '../constants';

/**
 * "Check effectiveness" of a done action (docs/risk-assessment-follow-up.md): did it work (effective / partly / not),
 * and why not. "Not effective" reopens the risk for a new action; the toast says where it is defined.
 */
export function CheckModal({ action, onClose }: { action: RiskAction | null; onClose: () => void }) {
  const { t, i18n } = useTranslation('riskAssessments');
  const id = useId();
  const [result, setResult] = useState<EffectivenessResult | null>(null);
  const [note, setNote] = useState('');
  const check = useCheckRiskAction();
  const noteNeeded = result !== null && result !== 'effective';
  return (
    <ConfirmDialog
      open={action !== null}
      onClose={onClose}
      title={t('check.title')}
      width={36}
      testId="check-risk-action"
      confirmLabel={t('check.submit')}
      confirmDisabled={result === null || (noteNeeded && !note.trim())}
      busy={check.isPending}
      onConfirm={async () => {
        if (!action || result === null) return;
        const answer = await check.mutateAsync({ uuid: action.uuid, result, note: note.trim() || null });
        onClose();
        showToast({
          type: answer.reopened ? 'warning' : 'success',
          title: answer.reopened ? t('common:toast.noteTitle') : t('common:toast.successTitle'),
          message: answer.needsNewRound
            ? t('check.reopenedNewRound')
            : answer.reopened
              ? t('check.reopened')
              : t('check.done'),
        });
      }}
    >
      {action && (
        <p>
          <strong>{localized(action.description, i18n.language)}</strong>
        </p>
      )}
      <p className="ra-muted">{t('check.intro')}</p>
      <FormError error={check.error ? inlineErrorText(t, check.error) : null} />
      <fieldset className="ui-field ra-check-results">
        <legend>{t('check.result')}</legend>
        {EFFECTIVENESS_ORDER.map((option) => (
          <label key={option} className="ra-radio">
            <input
              type="radio"
              name={`${id}-result`}
              value={option}
              checked={result === option}
              onChange={() => setResult(option)}
            />{' '}
            {t(`effectiveness.${option}`)}
          </label>
        ))}
      </fieldset>
      <div className="ui-field">
        <label htmlFor={`${id}-note`}>{t(noteNeeded ? 'check.noteRequired' : 'check.note')}</label>
        <textarea
          id={`${id}-note`}
          rows={3}
          maxLength={2000}
          required={noteNeeded}
          value={note}
          onChange={(event) => setNote(event.target.value)}
        />
      </div>
    </ConfirmDialog>
  );
}
