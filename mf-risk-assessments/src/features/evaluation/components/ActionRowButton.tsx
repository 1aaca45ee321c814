import { localized, type RiskAction } from '@dash/shared-core';
import { useTranslation } from 'react-i18next';

const BUTTONS = {
  edit: {
    label: 'actions.edit',
    labelFor: 'actions.editFor',
    className: 'ui-button ui-button--ghost ui-button--small',
  },
  complete: { label: 'actions.complete', labelFor: 'actions.completeFor', className: 'ui-button ui-button--small' },
  check: { label: 'check.button', labelFor: 'check.buttonFor', className: 'ui-button ui-button--small' },
} as const;

/**
 * One row button of the action tables (the evaluation's actions tab, "my actions"): edit, mark done or check
 * effectiveness, named for screen readers with the action it acts on.
 */
export function ActionRowButton({
  kind,
  action,
  onClick,
}: {
  kind: keyof typeof BUTTONS;
  action: Pick<RiskAction, 'description'>;
  onClick: () => void;
}) {
  const { t, i18n } = useTranslation('riskAssessments');
  const button = BUTTONS[kind];
  return (
    <button
      type="button"
      className={button.className}
      aria-label={t(button.labelFor, { description: localized(action.description, i18n.language) })}
      onClick={onClick}
    >
      {t(button.label)}
    </button>
  );
}
