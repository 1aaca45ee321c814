import { z } from 'zod';
import { emptyRequestSchema, tableRequestSchema, tableResponseSchema, uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';

/** The counts of the due-status bubbles of one area (spec section 3), over the member's own tasks. */
export const dueStatusCountsSchema = z.object({
  overdue: z.int().min(0),
  next7Days: z.int().min(0),
  nextMonth: z.int().min(0),
  done: z.int().min(0),
  all: z.int().min(0),
});
export type DueStatusCounts = z.infer<typeof dueStatusCountsSchema>;

/**
 * The start overview's bubbles of both areas in one call. An area is null when the client has it off or the member
 * may not open it; riskActions (assessments waiting for actions to be defined, or with actions agreed) only for
 * those who evaluate risk assessments.
 */
export const startTaskCountsSchema = z.object({
  elearnings: dueStatusCountsSchema.nullable(),
  riskAssessments: dueStatusCountsSchema.nullable(),
  riskActions: z.object({ riskActionDefine: z.int().min(0), riskActionAgreed: z.int().min(0) }).nullable(),
  /**
   * The member's own follow-up actions (risk assessments): agreed ones still open, and done ones whose effectiveness
   * check is due (docs/risk-assessment-follow-up.md). Null where the area is off or the member has no own tasks.
   */
  myRiskActions: z.object({ open: z.int().min(0), checkDue: z.int().min(0) }).nullable(),
  /**
   * The member's instructions to sign and the topics due again (docs/instructions.md). Null where the e-learning area
   * is off or the member has no own instructions (support mode).
   */
  instructions: dueStatusCountsSchema.nullable(),
});
export type StartTaskCounts = z.infer<typeof startTaskCountsSchema>;

export const RISK_ACTION_FILTERS = ['riskActionDefine', 'riskActionAgreed'] as const;

/** The task filter options "risk action define" and "risk action agreed" (spec section 4) for administrators. */
export const startRiskActionTasksRequestSchema = tableRequestSchema(
  z.strictObject({ status: z.enum(RISK_ACTION_FILTERS).default('riskActionDefine') }),
  ['title', 'dueDate'] as const,
  'dueDate',
);
export type StartRiskActionTasksRequest = z.input<typeof startRiskActionTasksRequestSchema>;

/**
 * One evaluation (an assigned org unit or location whose analysis phase is over) of the filter: `uuid` is the
 * evaluation's, `place` the unit's or location's name; completed analyses of how many members; open actions.
 */
export const startRiskActionTaskSchema = z.object({
  uuid: uuidSchema,
  title: z.string(),
  type: z.string(),
  place: z.string(),
  status: z.enum(['risksCreated', 'actionsAgreed']),
  dueDate: z.string().nullable(),
  completedCount: z.int().min(0),
  memberCount: z.int().min(0),
  openActionCount: z.int().min(0),
});
export type StartRiskActionTask = z.infer<typeof startRiskActionTaskSchema>;

export const START_ENDPOINTS = {
  startTaskCounts: defineEndpoint('startTaskCounts', {
    summary: "Counts of the due-status bubbles of the member's e-learnings and analyses (and risk actions for admins)",
    tag: 'start',
    access: 'session',
    permissions: ['dashboard.signed-in'],
    request: emptyRequestSchema,
    response: startTaskCountsSchema,
  }),
  startRiskActionTasks: defineEndpoint('startRiskActionTasks', {
    summary: 'Risk assessments whose actions wait to be defined, or whose actions are agreed (start overview filter)',
    tag: 'start',
    access: 'session',
    permissions: ['risk-assessment.read-risk-action-list'],
    featureFlag: 'riskAssessments',
    request: startRiskActionTasksRequestSchema,
    response: tableResponseSchema(startRiskActionTaskSchema),
  }),
};
