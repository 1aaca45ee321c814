import { z } from 'zod';
import { catalogFilterSchema, tableRequestSchema, tableResponseSchema, uuidSchema } from './common';

export const elearningCatalogRequestSchema = tableRequestSchema(
  catalogFilterSchema,
  ['title', 'durationMinutes', 'assignedMemberCount', 'completedMemberCount'] as const,
  'title',
);
export type ElearningCatalogRequest = z.input<typeof elearningCatalogRequestSchema>;

export const elearningCatalogItemSchema = z.object({
  uuid: uuidSchema,
  title: z.string(),
  description: z.string().nullable(),
  durationMinutes: z.int(),
  active: z.boolean(),
  assignedMemberCount: z.int(),
  completedMemberCount: z.int(),
});
export type ElearningCatalogItem = z.infer<typeof elearningCatalogItemSchema>;
export const elearningCatalogResponseSchema = tableResponseSchema(elearningCatalogItemSchema);
