/** Spec section 4 "Task filter options" (the risk-action ones come with risk actions). */
export const TASK_FILTERS = ['all', 'open', 'done', 'overdue', 'next7Days', 'nextMonth'] as const;
export type TaskFilter = (typeof TASK_FILTERS)[number];
