import { z } from 'zod';
import { searchTextSchema, tableRequestSchema, tableResponseSchema, uuidSchema } from './common';

/** Spec section 4 "Task filter options" (the risk-action ones come with risk actions). */
export const TASK_FILTERS = ['all', 'open', 'done', 'overdue', 'next7Days', 'nextMonth'] as const;
export const taskDueStatusSchema = z.enum(['overdue', 'next7Days', 'nextMonth', 'later', 'done']);
export type TaskDueStatus = z.infer<typeof taskDueStatusSchema>;

export const memberTasksRequestSchema = tableRequestSchema(
  z.strictObject({ status: z.enum(TASK_FILTERS).default('open') }),
  ['dueDate', 'title'] as const,
  'dueDate',
);
export type MemberTasksRequest = z.input<typeof memberTasksRequestSchema>;

export const memberTaskSchema = z.object({
  uuid: uuidSchema,
  catalogUuid: uuidSchema,
  title: z.string(),
  dueDate: z.string().nullable(),
  completedAt: z.string().nullable(),
  dueStatus: taskDueStatusSchema,
});
export type MemberTask = z.infer<typeof memberTaskSchema>;
export const memberTasksResponseSchema = tableResponseSchema(memberTaskSchema);


