import { z } from 'zod';
import { catalogFilterSchema, tableRequestSchema, tableResponseSchema, uuidSchema } from './common';

export const RISK_ASSESSMENT_STATUSES = ['risksCreated', 'actionsAgreed', 'done'] as const;

export const riskAssessmentCatalogRequestSchema = tableRequestSchema(
  catalogFilterSchema,
  ['title', 'type', 'status', 'completedMemberCount'] as const,
  'title',
);
export type RiskAssessmentCatalogRequest = z.input<typeof riskAssessmentCatalogRequestSchema>;

export const riskAssessmentCatalogItemSchema = z.object({
  uuid: uuidSchema,
  title: z.string(),
  type: z.string(),
  status: z.enum(RISK_ASSESSMENT_STATUSES),
  assignedMemberCount: z.int(),
  completedMemberCount: z.int(),
});
export type RiskAssessmentCatalogItem = z.infer<typeof riskAssessmentCatalogItemSchema>;
export const riskAssessmentCatalogResponseSchema = tableResponseSchema(riskAssessmentCatalogItemSchema);
