import { z } from 'zod';
import { TASK_FILTERS } from '../tasks';
import { tableRequestSchema, tableResponseSchema, uuidSchema } from './common';

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
