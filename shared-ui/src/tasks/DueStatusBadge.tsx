import type { TaskDueStatus } from '@dash/shared-core';
import { useTranslation } from 'react-i18next';

const VARIANT: Record<TaskDueStatus, string> = {
  overdue: 'ui-badge--danger',
  next7Days: 'ui-badge--warning',
  nextMonth: 'ui-badge--info',
  later: '',
  done: 'ui-badge--success',
};

/**
 * Due-status bubble (spec section 3): overdue, next 7 days, next month, done. Each status has its own colour and its
 * own shape before the text, so that none is told by colour alone.
 */
export function DueStatusBadge({ status }: { status: TaskDueStatus }) {
  const { t } = useTranslation('common');
  // The shape comes from the stylesheet (data-due-status): not part of the text that is read out or compared.
  return (
    <span className={`ui-badge ${VARIANT[status]}`} data-due-status={status}>
      {t(`dueStatus.${status}`)}
    </span>
  );
}
