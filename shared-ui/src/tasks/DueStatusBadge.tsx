import type { TaskDueStatus } from '@dash/shared-core';
import { useTranslation } from 'react-i18next';

const VARIANT: Record<TaskDueStatus, string> = {
  overdue: 'ui-badge--danger',
  next7Days: 'ui-badge--warning',
  nextMonth: 'ui-badge--warning',
  later: '',
  done: 'ui-badge--success',
};

/** Due-status bubble (spec section 3): overdue, next 7 days, next month, done. */
export function DueStatusBadge({ status }: { status: TaskDueStatus }) {
  const { t } = useTranslation('common');
  return <span className={`ui-badge ${VARIANT[status]}`}>{t(`dueStatus.${status}`)}</span>;
}
