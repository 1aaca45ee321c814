import type { InstructionDueState } from '@dash/shared-core/calls';
import { useTranslation } from 'react-i18next';

const BADGE: Record<InstructionDueState, string> = {
  open: 'ui-badge--info',
  dueSoon: 'ui-badge--warning',
  overdue: 'ui-badge--danger',
  done: 'ui-badge--success',
  repeatDueSoon: 'ui-badge--warning',
  repeatOverdue: 'ui-badge--danger',
};

/** A member's instruction state, coloured as the e-learnings' due states. */
export function DueStateBadge({ state }: { state: InstructionDueState }) {
  const { t } = useTranslation('elearnings');
  return (
    <span className={`ui-badge elearning-nowrap ${BADGE[state]}`} data-testid="instruction-due-state">
      {t(`instructions.dueState.${state}`)}
    </span>
  );
}
