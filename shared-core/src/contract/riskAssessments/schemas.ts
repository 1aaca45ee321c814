import { z } from 'zod';
import {
  catalogFilterSchema,
  detailRequestSchema,
  okResponseSchema,
  searchTextSchema,
  tableRequestSchema,
  tableResponseSchema,
  uploadedBytesSchema,
  uuidSchema,
} from '../common';
import { defineEndpoint } from '../endpoint';
import { memberTaskSchema, memberTasksRequestSchema } from '../tasks';

/** 'analysing': members answer their analyses; the spec's statuses follow once the analysis phase ends. */
export const RISK_ASSESSMENT_STATUSES = ['analysing', 'risksCreated', 'actionsAgreed', 'done'] as const;
export type RiskAssessmentStatus = (typeof RISK_ASSESSMENT_STATUSES)[number];
/** inspection: a responsible person assesses and is named; survey: an anonymous staff survey (docs/risk-assessments.md). */
export const RISK_ASSESSMENT_KINDS = ['inspection', 'survey'] as const;
export type RiskAssessmentKind = (typeof RISK_ASSESSMENT_KINDS)[number];
export const RISK_ASSESSMENT_ASSIGNMENT_KINDS = ['org-unit', 'location', 'member'] as const;
export type RiskAssessmentAssignmentKind = (typeof RISK_ASSESSMENT_ASSIGNMENT_KINDS)[number];
export const STOP_TYPES = ['substitution', 'technical', 'organisational', 'personal'] as const;
export type StopType = (typeof STOP_TYPES)[number];
/** The result of an action's effectiveness check (docs/risk-assessment-follow-up.md); notEffective reopens its risk. */
export const EFFECTIVENESS_RESULTS = ['effective', 'partly', 'notEffective'] as const;
export type EffectivenessResult = (typeof EFFECTIVENESS_RESULTS)[number];
/**
 * Evidence photos of an inspection's answers (docs/risk-assessment-follow-up.md "Evidence"): the browser shrinks a
 * photo to at most EVIDENCE_PHOTO_MAX_EDGE pixels (and so drops its metadata) before the upload; the server takes JPEG
 * only, at most EVIDENCE_PHOTO_MAX_BYTES, EVIDENCE_PHOTOS_PER_ANSWER per answer, and strips metadata again.
 */
export const EVIDENCE_PHOTO_MAX_EDGE = 1600;
export const EVIDENCE_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const EVIDENCE_PHOTOS_PER_ANSWER = 5;
/** An action's effectiveness check falls due this many days after the action was done. */
export const EFFECTIVENESS_CHECK_AFTER_DAYS = 28;

/** Content comes in both languages; the browser shows the member's. */
export const localizedTextSchema = z.object({ de_DE: z.string(), en_GB: z.string() });
export type LocalizedText = z.infer<typeof localizedTextSchema>;

const typeIdentifierSchema = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[a-z][a-z0-9-]*$/);
const titleSchema = z.string().trim().min(1).max(200);
/** A calendar day, YYYY-MM-DD. */
const daySchema = z.iso.date();
const uuidListSchema = z.array(uuidSchema).min(1).max(1000);

// --- catalogue -------------------------------------------------------------------------------------------------

export const riskAssessmentCatalogRequestSchema = tableRequestSchema(
  catalogFilterSchema.extend({ type: typeIdentifierSchema.optional() }),
  ['title', 'type', 'status', 'dueDate', 'completedMemberCount'] as const,
  'title',
);
export type RiskAssessmentCatalogRequest = z.input<typeof riskAssessmentCatalogRequestSchema>;

export const riskAssessmentCatalogItemSchema = z.object({
  uuid: uuidSchema,
  title: z.string(),
  type: z.string(),
  typeTitle: localizedTextSchema,
  kind: z.enum(RISK_ASSESSMENT_KINDS),
  status: z.enum(RISK_ASSESSMENT_STATUSES),
  active: z.boolean(),
  dueDate: z.string().nullable(),
  assignedMemberCount: z.int(),
  completedMemberCount: z.int(),
});
export type RiskAssessmentCatalogItem = z.infer<typeof riskAssessmentCatalogItemSchema>;
export const riskAssessmentCatalogResponseSchema = tableResponseSchema(riskAssessmentCatalogItemSchema);

export const riskAssessmentTypeSchema = z.object({
  identifier: z.string(),
  kind: z.enum(RISK_ASSESSMENT_KINDS),
  title: localizedTextSchema,
  description: localizedTextSchema,
  questionCount: z.int(),
});
export type RiskAssessmentType = z.infer<typeof riskAssessmentTypeSchema>;
export const riskAssessmentTypeListResponseSchema = z.object({ items: z.array(riskAssessmentTypeSchema) });

// --- settings --------------------------------------------------------------------------------------------------

export const riskAssessmentSettingsSchema = z.object({
  uuid: uuidSchema,
  title: z.string(),
  type: z.string(),
  kind: z.enum(RISK_ASSESSMENT_KINDS),
  status: z.enum(RISK_ASSESSMENT_STATUSES),
  dueDate: z.string().nullable(),
  active: z.boolean(),
  /** The type cannot change once the task has assignments (Task.TypeMismatch). */
  typeLocked: z.boolean(),
});
export type RiskAssessmentSettings = z.infer<typeof riskAssessmentSettingsSchema>;

/**
 * One risk assessment of the catalogue (read-details): its catalogue row plus its assignments per kind and how many
 * of them are evaluated. Counts of members only: nothing says who answered what (docs/risk-assessments.md).
 */
export const riskAssessmentDetailsSchema = riskAssessmentCatalogItemSchema.extend({
  createdAt: z.string(),
  assignmentCounts: z.object({ orgUnit: z.int().min(0), location: z.int().min(0), member: z.int().min(0) }),
  /** Assignments whose analysis phase has ended (they have an evaluation). */
  evaluatedAssignmentCount: z.int().min(0),
});
export type RiskAssessmentDetails = z.infer<typeof riskAssessmentDetailsSchema>;

/** Without uuid: a new risk assessment in the catalogue. */
export const riskAssessmentSaveSettingsRequestSchema = z.strictObject({
  uuid: uuidSchema.optional(),
  title: titleSchema,
  type: typeIdentifierSchema,
  dueDate: daySchema.nullable(),
  active: z.boolean(),
});
export type RiskAssessmentSaveSettingsRequest = z.input<typeof riskAssessmentSaveSettingsRequestSchema>;
export const riskAssessmentSaveSettingsResponseSchema = z.object({ uuid: uuidSchema });

// --- assignments -----------------------------------------------------------------------------------------------

export const riskAssessmentAssignmentListRequestSchema = tableRequestSchema(
  z.strictObject({ kind: z.enum(RISK_ASSESSMENT_ASSIGNMENT_KINDS).optional() }),
  ['name', 'kind', 'assignedMemberCount', 'completedMemberCount', 'createdAt'] as const,
  'name',
).extend({ uuid: uuidSchema });
export type RiskAssessmentAssignmentListRequest = z.input<typeof riskAssessmentAssignmentListRequestSchema>;

export const riskAssessmentAssignmentSchema = z.object({
  uuid: uuidSchema,
  kind: z.enum(RISK_ASSESSMENT_ASSIGNMENT_KINDS),
  /** The org unit's, location's or member's name. */
  name: z.string(),
  targetUuid: uuidSchema,
  assignedMemberCount: z.int(),
  completedMemberCount: z.int(),
  createdAt: z.string(),
});
export type RiskAssessmentAssignment = z.infer<typeof riskAssessmentAssignmentSchema>;
export const riskAssessmentAssignmentListResponseSchema = tableResponseSchema(riskAssessmentAssignmentSchema);

export const riskAssessmentAssignOrgUnitsRequestSchema = z.strictObject({
  uuid: uuidSchema,
  orgUnitUuids: uuidListSchema,
});
export const riskAssessmentAssignLocationRequestSchema = z.strictObject({ uuid: uuidSchema, locationUuid: uuidSchema });
export const riskAssessmentAssignMemberRequestSchema = z.strictObject({
  uuid: uuidSchema,
  memberUuids: uuidListSchema,
});
export const riskAssessmentDeleteAssignmentsRequestSchema = z.strictObject({
  uuid: uuidSchema,
  assignmentUuids: uuidListSchema,
});
/** How many assignments and members' analyses the call added (0 when everything was assigned already). */
export const riskAssessmentAssignResponseSchema = z.object({
  assignmentCount: z.int().min(0),
  memberTaskCount: z.int().min(0),
});
export type RiskAssessmentAssignResponse = z.infer<typeof riskAssessmentAssignResponseSchema>;

// --- members' analyses -----------------------------------------------------------------------------------------

export const riskAssessmentMemberTaskSchema = memberTaskSchema.extend({
  kind: z.enum(RISK_ASSESSMENT_KINDS),
  /** The org unit (or location, or null for a single-member assignment) the analysis is for. */
  orgUnitName: z.string().nullable(),
  locationName: z.string().nullable(),
  executionUuid: uuidSchema.nullable(),
  /** Set when the analysis phase ended before the member completed: the analysis is closed. */
  closedAt: z.string().nullable(),
});
export type RiskAssessmentMemberTask = z.infer<typeof riskAssessmentMemberTaskSchema>;
/** The member's tasks plus the counts of the due-status bubbles (over all the member's analyses). */
export const riskAssessmentMemberTasksResponseSchema = tableResponseSchema(riskAssessmentMemberTaskSchema).extend({
  counts: z.object({
    overdue: z.int(),
    next7Days: z.int(),
    nextMonth: z.int(),
    done: z.int(),
    all: z.int(),
  }),
});
export type RiskAssessmentMemberTasksResponse = z.infer<typeof riskAssessmentMemberTasksResponseSchema>;

export const riskAssessmentContentRequestSchema = z.strictObject({ type: typeIdentifierSchema });
export const riskAssessmentMeasureSchema = z.object({ stop: z.enum(STOP_TYPES), text: localizedTextSchema });
export const riskAssessmentQuestionSchema = z.object({
  key: z.string(),
  text: localizedTextSchema,
  load: localizedTextSchema,
  hazardFactorGroup: z.string(),
  source: localizedTextSchema,
  target: localizedTextSchema,
  measures: z.array(riskAssessmentMeasureSchema),
});
export type RiskAssessmentQuestion = z.infer<typeof riskAssessmentQuestionSchema>;
export const riskAssessmentContentSchema = z.object({
  identifier: z.string(),
  kind: z.enum(RISK_ASSESSMENT_KINDS),
  title: localizedTextSchema,
  description: localizedTextSchema,
  scale: z.array(z.object({ value: z.int(), label: localizedTextSchema, riskWeight: z.int() })),
  groups: z.array(
    z.object({ key: z.string(), title: localizedTextSchema, questions: z.array(riskAssessmentQuestionSchema) }),
  ),
});
export type RiskAssessmentContent = z.infer<typeof riskAssessmentContentSchema>;

export const riskAssessmentCreateExecutionRequestSchema = z.strictObject({ memberTaskUuid: uuidSchema });
export const riskAssessmentCreateExecutionResponseSchema = z.object({ executionUuid: uuidSchema });

export const riskAssessmentAnswerSchema = z.strictObject({
  questionKey: z
    .string()
    .min(1)
    .max(64)
    .regex(/^[a-z0-9-]+$/),
  value: z.int().min(0).max(10),
  /** Inspections only: a survey keeps no free text (it could name its author). */
  note: z.string().trim().max(2000).nullable().optional(),
});
export type RiskAssessmentAnswer = z.infer<typeof riskAssessmentAnswerSchema>;

export const riskAssessmentLockSchema = z.object({
  /** True when this window holds the lock and may save. */
  mine: z.boolean(),
  mineElsewhere: z
    .boolean()
    .describe(
      'Held by the signed-in member herself in another window or on another device: she may take it over (takeOver)',
    ),
  lockedByName: z.string(),
  lockedUntil: z.string(),
});
export type RiskAssessmentLock = z.infer<typeof riskAssessmentLockSchema>;

export const riskAssessmentExecutionSchema = z.object({
  uuid: uuidSchema,
  taskUuid: uuidSchema,
  title: z.string(),
  type: z.string(),
  kind: z.enum(RISK_ASSESSMENT_KINDS),
  orgUnitName: z.string().nullable(),
  locationName: z.string().nullable(),
  dueDate: z.string().nullable(),
  currentPage: z.int().min(0),
  completedAt: z.string().nullable(),
  /** Inspections: who completed the assessment. Surveys: always null. */
  completedByName: z.string().nullable(),
  /** A completed survey answers none: its answers are stored apart from the member. */
  answers: z.array(z.object({ questionKey: z.string(), value: z.int(), note: z.string().nullable() })),
  /** Who holds the lock (null when completed or closed). */
  lock: riskAssessmentLockSchema.nullable(),
  /** The analysis phase has ended: an analysis not completed is closed and read-only. */
  phaseEnded: z.boolean(),
});
export type RiskAssessmentExecution = z.infer<typeof riskAssessmentExecutionSchema>;

/**
 * Identifies one open window of an analysis: the lock belongs to a window, so two tabs (or devices) of the same member
 * do not both write, and the member can move to another window by taking over.
 */
const lockWindowSchema = uuidSchema.describe(
  'A random id of the open window, kept for its life; the lock belongs to this window (without it: to the session)',
);

export const riskAssessmentExecutionRequestSchema = z.strictObject({
  uuid: uuidSchema,
  windowId: lockWindowSchema.optional(),
  takeOver: z
    .boolean()
    .optional()
    .describe(
      "Take the lock from the member's own other window or device; refused (RiskAssessmentExecution.Locked) while another member holds it",
    ),
});
export type RiskAssessmentExecutionRequest = z.input<typeof riskAssessmentExecutionRequestSchema>;

export const riskAssessmentSaveExecutionRequestSchema = z.strictObject({
  uuid: uuidSchema,
  windowId: lockWindowSchema.optional(),
  currentPage: z.int().min(0).max(200),
  answers: z.array(riskAssessmentAnswerSchema).max(200),
  /** Leave the execution: the lock is given up for the next person. */
  release: z.boolean().optional(),
});
export type RiskAssessmentSaveExecutionRequest = z.input<typeof riskAssessmentSaveExecutionRequestSchema>;
export const riskAssessmentSaveExecutionResponseSchema = z.object({
  savedAt: z.string(),
  lockedUntil: z.string().nullable(),
});

export const riskAssessmentCompleteExecutionRequestSchema = z.strictObject({
  uuid: uuidSchema,
  windowId: lockWindowSchema.optional(),
});
export const riskAssessmentCompleteExecutionResponseSchema = z.object({ completedAt: z.string() });

// --- evaluation --------------------------------------------------------------------------------------

/** Risk status (spec section 4); a risk whose factor is "very low" needs no action and stays open. */
export const RISK_STATUSES = ['open', 'riskActionDefine', 'riskActionDefined', 'riskActionAgreed', 'done'] as const;
export type RiskStatus = (typeof RISK_STATUSES)[number];
/** An assignment's evaluation: 'analysing' until the analysis phase is finished, then the spec's statuses. */
export const EVALUATION_STATUSES = ['analysing', 'risksCreated', 'actionsAgreed', 'done'] as const;
export type EvaluationStatus = (typeof EVALUATION_STATUSES)[number];
export const RISK_LEVELS = ['veryLow', 'low', 'medium', 'high', 'veryHigh'] as const;
export type RiskLevelName = (typeof RISK_LEVELS)[number];
/** The minimum group size: results and the end of the analysis phase only from 6 completed analyses on (spec 9). */
export const MIN_COMPLETED_ANALYSES = 6;

const scoreSchema = z.int().min(1).max(5);

export const evaluationListRequestSchema = tableRequestSchema(
  z.strictObject({ search: searchTextSchema.optional(), status: z.enum(EVALUATION_STATUSES).optional() }),
  ['title', 'targetName', 'completedMemberCount', 'status', 'dueDate'] as const,
  'title',
);
export type EvaluationListRequest = z.input<typeof evaluationListRequestSchema>;
export const evaluationListItemSchema = z.object({
  assignmentUuid: uuidSchema,
  /** The evaluation (details route) once the analysis phase is finished. */
  evaluationUuid: uuidSchema.nullable(),
  taskUuid: uuidSchema,
  title: z.string(),
  typeTitle: localizedTextSchema,
  kind: z.enum(RISK_ASSESSMENT_KINDS),
  targetKind: z.enum(['org-unit', 'location']),
  targetName: z.string(),
  dueDate: z.string().nullable(),
  assignedMemberCount: z.int(),
  completedMemberCount: z.int(),
  status: z.enum(EVALUATION_STATUSES),
});
export type EvaluationListItem = z.infer<typeof evaluationListItemSchema>;
export const evaluationListResponseSchema = tableResponseSchema(evaluationListItemSchema);

export const finishAnalysisRequestSchema = z.strictObject({ assignmentUuid: uuidSchema });
export const finishAnalysisResponseSchema = z.object({
  uuid: uuidSchema,
  riskCount: z.int().min(0),
  /** Analyses that were still open and are closed now. */
  closedCount: z.int().min(0),
});

export const evaluationDetailsSchema = z.object({
  uuid: uuidSchema,
  taskUuid: uuidSchema,
  title: z.string(),
  typeTitle: localizedTextSchema,
  kind: z.enum(RISK_ASSESSMENT_KINDS),
  targetKind: z.enum(['org-unit', 'location']),
  targetName: z.string(),
  status: z.enum(['risksCreated', 'actionsAgreed', 'done']),
  analysisCount: z.int(),
  assignedMemberCount: z.int(),
  matrixVersion: z.string(),
  finishedAt: z.string(),
  agreedAt: z.string().nullable(),
  doneAt: z.string().nullable(),
  /** Inspections: who assessed and when. Surveys: always empty (no answer may single out a member). */
  assessors: z.array(z.object({ name: z.string(), assessedAt: z.string() })),
  /** How many risks fall into each cell of the matrix (probability x severity), for the heatmap. */
  matrix: z.array(z.object({ probability: scoreSchema, severity: scoreSchema, count: z.int() })),
  riskCount: z.int(),
  /** Risks above "very low" still without an action and not marked not relevant (confirm needs 0). */
  undecidedRiskCount: z.int(),
  actionCount: z.int(),
  doneActionCount: z.int(),
  /** Effectiveness checks of the done actions: still due, and the results recorded so far. */
  checks: z.object({ due: z.int(), effective: z.int(), partly: z.int(), notEffective: z.int() }),
  /** Risks a "not effective" check reopened that have no new action yet. */
  reopenedRiskCount: z.int(),
  /** The sign-off: once approved the evaluation is read-only (actions are still carried out and checked). */
  approval: z.object({ approvedAt: z.string(), approvedByName: z.string(), comment: z.string().nullable() }).nullable(),
  /** Rounds: a new round starts as a copy of an approved one, which stays as history. */
  round: z.int().min(1),
  previousEvaluationUuid: uuidSchema.nullable(),
  /** Set on a round a newer one started from (history: read-only). */
  nextEvaluationUuid: uuidSchema.nullable(),
  /** approve-evaluation, start-evaluation-round would go through now for this session. */
  canApprove: z.boolean(),
  canStartRound: z.boolean(),
});
export type EvaluationDetails = z.infer<typeof evaluationDetailsSchema>;

export const riskListRequestSchema = tableRequestSchema(
  z.strictObject({
    probability: scoreSchema.optional(),
    severity: scoreSchema.optional(),
    status: z.enum(RISK_STATUSES).optional(),
  }),
  ['riskFactor', 'load', 'status', 'hazardFactorGroup'] as const,
  'riskFactor',
).extend({ uuid: uuidSchema });
export type RiskListRequest = z.input<typeof riskListRequestSchema>;
export const riskSchema = z.object({
  uuid: uuidSchema,
  questionKey: z.string(),
  load: localizedTextSchema,
  hazardFactorGroup: z.string(),
  source: localizedTextSchema,
  target: localizedTextSchema,
  measures: z.array(riskAssessmentMeasureSchema),
  probability: scoreSchema,
  severity: scoreSchema,
  riskFactor: z.int().min(1).max(10),
  level: z.enum(RISK_LEVELS),
  status: z.enum(RISK_STATUSES),
  notRelevant: z.boolean(),
  notRelevantReason: z.string().nullable(),
  actionCount: z.int(),
  /** The indexes of the proposed measures already taken as actions. */
  takenMeasures: z.array(z.int()),
  /** A "not effective" check reopened it: it needs a new action (docs/risk-assessment-follow-up.md). */
  reopened: z.boolean(),
  /** Inspections: notes and photos the assessors left on this question's answers (surveys: always 0). */
  evidenceCount: z.int().min(0),
});
export type Risk = z.infer<typeof riskSchema>;
export const riskListResponseSchema = tableResponseSchema(riskSchema);

const actionTextSchema = z.string().trim().min(1).max(1000);
const actionNoteSchema = z.string().trim().max(2000).nullable();
const actionFieldsSchema = {
  stop: z.enum(STOP_TYPES),
  responsibleMemberUuid: uuidSchema,
  dueDate: daySchema,
  note: actionNoteSchema,
};
export const createRiskActionRequestSchema = z.discriminatedUnion('origin', [
  z.strictObject({
    riskUuid: uuidSchema,
    origin: z.literal('proposed'),
    measureIndex: z.int().min(0).max(50),
    ...actionFieldsSchema,
  }),
  z.strictObject({
    riskUuid: uuidSchema,
    origin: z.literal('custom'),
    description: actionTextSchema,
    ...actionFieldsSchema,
  }),
]);
export type CreateRiskActionRequest = z.input<typeof createRiskActionRequestSchema>;
export const updateRiskActionRequestSchema = z.strictObject({
  uuid: uuidSchema,
  /** Custom actions only: a proposed measure keeps its wording. */
  description: actionTextSchema.optional(),
  ...actionFieldsSchema,
});
export type UpdateRiskActionRequest = z.input<typeof updateRiskActionRequestSchema>;
export const setRiskNotRelevantRequestSchema = z.strictObject({
  uuid: uuidSchema,
  notRelevant: z.boolean(),
  reason: z.string().trim().max(1000).nullable(),
});
export const completeRiskActionRequestSchema = z.strictObject({ uuid: uuidSchema, doneAt: daySchema });
/**
 * A photo for an answer of an inspection: `POST upload-evidence-photo?executionUuid=…&questionKey=…` with the JPEG as
 * the body (application/octet-stream); the server adds the bytes as `file`.
 */
export const uploadEvidencePhotoRequestSchema = z.strictObject({
  executionUuid: uuidSchema,
  questionKey: z.string().min(1).max(100),
  file: uploadedBytesSchema,
});
export type UploadEvidencePhotoRequest = z.input<typeof uploadEvidencePhotoRequestSchema>;
export const evidencePhotoSchema = z.object({
  uuid: uuidSchema,
  questionKey: z.string(),
  width: z.int(),
  height: z.int(),
  createdAt: z.string(),
});
export type EvidencePhoto = z.infer<typeof evidencePhotoSchema>;
export const evidencePhotoListRequestSchema = z.strictObject({ executionUuid: uuidSchema });
export const evidencePhotoListResponseSchema = z.object({ items: z.array(evidencePhotoSchema) });

export const checkRiskActionRequestSchema = z.strictObject({
  uuid: uuidSchema,
  result: z.enum(EFFECTIVENESS_RESULTS),
  /** Why it did (not) work; needed unless the action was effective. */
  note: z.string().trim().max(2000).nullable(),
});
export type CheckRiskActionRequest = z.input<typeof checkRiskActionRequestSchema>;
export const checkRiskActionResponseSchema = z.object({
  /** The risk was reopened for a new action (the result was notEffective). */
  reopened: z.boolean(),
  /** Where the new action is defined: this evaluation, or (approved) a new round that has to be started. */
  needsNewRound: z.boolean(),
});
export const approveEvaluationRequestSchema = z.strictObject({
  uuid: uuidSchema,
  comment: z.string().trim().max(2000).nullable(),
});
export type ApproveEvaluationRequest = z.input<typeof approveEvaluationRequestSchema>;
export const approveEvaluationResponseSchema = z.object({ approvedAt: z.string(), approvedByName: z.string() });
export const startEvaluationRoundResponseSchema = z.object({ uuid: uuidSchema, round: z.int().min(2) });

/** The signed-in member's own actions ("Meine Maßnahmen"): open ones to carry out, done ones to check. */
export const MY_RISK_ACTION_FILTERS = ['open', 'checkDue', 'checked'] as const;
export const myRiskActionsRequestSchema = tableRequestSchema(
  z.strictObject({ state: z.enum(MY_RISK_ACTION_FILTERS).optional() }),
  ['dueDate', 'checkDueDate', 'title'] as const,
  'dueDate',
);
export type MyRiskActionsRequest = z.input<typeof myRiskActionsRequestSchema>;
export const evaluationStatusResponseSchema = z.object({ status: z.enum(['risksCreated', 'actionsAgreed', 'done']) });

export const riskActionListRequestSchema = tableRequestSchema(
  z.strictObject({ done: z.boolean().optional() }),
  ['dueDate', 'riskFactor', 'responsibleName', 'stop'] as const,
  'dueDate',
).extend({ uuid: uuidSchema });
export type RiskActionListRequest = z.input<typeof riskActionListRequestSchema>;
export const riskActionSchema = z.object({
  uuid: uuidSchema,
  riskUuid: uuidSchema,
  load: localizedTextSchema,
  riskFactor: z.int(),
  level: z.enum(RISK_LEVELS),
  origin: z.enum(['proposed', 'custom']),
  stop: z.enum(STOP_TYPES),
  description: localizedTextSchema,
  responsibleMemberUuid: uuidSchema,
  responsibleName: z.string(),
  dueDate: z.string(),
  note: z.string().nullable(),
  doneAt: z.string().nullable(),
  doneByName: z.string().nullable(),
  /** The effectiveness check: due from this day once the action is done; its result once recorded. */
  checkDueDate: z.string().nullable(),
  effectiveness: z.enum(EFFECTIVENESS_RESULTS).nullable(),
  effectivenessNote: z.string().nullable(),
  checkedAt: z.string().nullable(),
  checkedByName: z.string().nullable(),
});
export type RiskAction = z.infer<typeof riskActionSchema>;
export const riskActionListResponseSchema = tableResponseSchema(riskActionSchema);
export const myRiskActionSchema = riskActionSchema.extend({
  evaluationUuid: uuidSchema,
  title: z.string(),
  targetName: z.string(),
  /** Whether the action can be marked done now (agreed, current round, not done). */
  canComplete: z.boolean(),
});
export type MyRiskAction = z.infer<typeof myRiskActionSchema>;
export const myRiskActionsResponseSchema = tableResponseSchema(myRiskActionSchema).extend({
  counts: z.object({ open: z.int(), checkDue: z.int(), checked: z.int() }),
});
export type MyRiskActionsResponse = z.infer<typeof myRiskActionsResponseSchema>;

/** The status of an evaluation once its analysis phase has ended. */
const evaluatedStatusSchema = z.enum(['risksCreated', 'actionsAgreed', 'done']);

/**
 * One risk of an evaluation (read-risk-details): what the risk list shows, plus its evaluation and every action
 * defined for it. Aggregates only, like the list: no answer counts, no respondent (docs/risk-matrix.md "Anonymity").
 */
/** What one assessor left on an inspection's answer: a note and photos (read-evidence-photo answers each photo). */
export const answerEvidenceSchema = z.object({
  assessedByName: z.string(),
  note: z.string().nullable(),
  photoUuids: z.array(uuidSchema),
});
export type AnswerEvidence = z.infer<typeof answerEvidenceSchema>;

export const riskDetailsSchema = riskSchema.extend({
  evaluationUuid: uuidSchema,
  evaluationStatus: evaluatedStatusSchema,
  matrixVersion: z.string(),
  actions: z.array(riskActionSchema),
  /** Inspections: the notes and photos of the completed analyses on this question; surveys: always empty. */
  evidence: z.array(answerEvidenceSchema),
});
export type RiskDetails = z.infer<typeof riskDetailsSchema>;

const countSchema = z.int().min(0);
/** Where an evaluation's actions stand (read-risk-action-status): what the "confirm all actions" button needs. */
export const riskActionStatusSchema = z.object({
  uuid: uuidSchema,
  status: evaluatedStatusSchema,
  riskCount: countSchema,
  /** Risks per risk status (spec section 4). */
  riskCounts: z.object({
    open: countSchema,
    riskActionDefine: countSchema,
    riskActionDefined: countSchema,
    riskActionAgreed: countSchema,
    done: countSchema,
  }),
  /** Risks above "very low" still without an action and not marked not relevant (confirming needs 0). */
  undecidedRiskCount: countSchema,
  notRelevantRiskCount: countSchema,
  /** Actions: open (not done; `overdue` of them past their due date) and done. */
  actionCounts: z.object({ total: countSchema, open: countSchema, overdue: countSchema, done: countSchema }),
  /** confirm-risk-actions would go through now for this session: risksCreated, nothing undecided, and allowed to. */
  canConfirm: z.boolean(),
});
export type RiskActionStatus = z.infer<typeof riskActionStatusSchema>;

/** One action (read-risk-action-details): the list row plus its evaluation, the risk's context and its origin. */
export const riskActionDetailsSchema = riskActionSchema.extend({
  evaluationUuid: uuidSchema,
  evaluationStatus: evaluatedStatusSchema,
  /** The proposed measure of the risk it was taken from (null for a custom action). */
  measureIndex: z.int().nullable(),
  riskStatus: z.enum(RISK_STATUSES),
  hazardFactorGroup: z.string(),
  source: localizedTextSchema,
  target: localizedTextSchema,
});
export type RiskActionDetails = z.infer<typeof riskActionDetailsSchema>;

export const exportRiskActionListRequestSchema = z.strictObject({
  uuid: uuidSchema,
  format: z.enum(['xlsx', 'pdf']),
  language: z.enum(['de_DE', 'en_GB']),
});
export type ExportRiskActionListRequest = z.input<typeof exportRiskActionListRequestSchema>;

export const unitActionSchema = z.object({
  uuid: uuidSchema,
  title: z.string(),
  targetName: z.string(),
  load: localizedTextSchema,
  stop: z.enum(STOP_TYPES),
  description: localizedTextSchema,
  dueDate: z.string(),
  doneAt: z.string().nullable(),
});
export type UnitAction = z.infer<typeof unitActionSchema>;
export const unitActionsResponseSchema = z.object({ items: z.array(unitActionSchema), total: z.int() });

const SESSION = { tag: 'risk-assessments', access: 'session', featureFlag: 'riskAssessments' } as const;
const OWN_TASKS = ['risk-assessment.read-member-tasks'] as const;

/** The Risk assessment calls (spec section 7, "Risk assessment"). */
export const RISK_ASSESSMENTS_ENDPOINTS = {
  riskAssessmentCatalog: defineEndpoint('riskAssessmentCatalog', {
    ...SESSION,
    summary: "The client's risk-assessment catalogue",
    permissions: ['risk-assessment.read-catalog-list'],
    request: riskAssessmentCatalogRequestSchema,
    response: riskAssessmentCatalogResponseSchema,
  }),
  riskAssessmentTypeList: defineEndpoint('riskAssessmentTypeList', {
    ...SESSION,
    summary: 'The risk-assessment types (content) a task can have',
    permissions: ['risk-assessment.read-catalog-list'],
    request: z.strictObject({}),
    response: riskAssessmentTypeListResponseSchema,
  }),
  riskAssessmentDetails: defineEndpoint('riskAssessmentDetails', {
    ...SESSION,
    summary:
      'One risk assessment of the catalogue: title, type, status, due date, active, assignments and completion counts',
    permissions: ['risk-assessment.read-catalog-list', 'risk-assessment.read-settings'],
    request: detailRequestSchema,
    response: riskAssessmentDetailsSchema,
  }),
  riskAssessmentSettings: defineEndpoint('riskAssessmentSettings', {
    ...SESSION,
    summary: "A risk assessment's settings: title, type, due date, active",
    permissions: ['risk-assessment.read-settings'],
    request: detailRequestSchema,
    response: riskAssessmentSettingsSchema,
  }),
  riskAssessmentSaveSettings: defineEndpoint('riskAssessmentSaveSettings', {
    ...SESSION,
    summary: 'Create a risk assessment, or change its settings (the type only while it has no assignments)',
    permissions: ['risk-assessment.update-settings'],
    request: riskAssessmentSaveSettingsRequestSchema,
    response: riskAssessmentSaveSettingsResponseSchema,
  }),
  riskAssessmentAssignmentList: defineEndpoint('riskAssessmentAssignmentList', {
    ...SESSION,
    summary: "A risk assessment's assignments with assigned and completed member counts",
    permissions: ['risk-assessment.read-assignment-list'],
    request: riskAssessmentAssignmentListRequestSchema,
    response: riskAssessmentAssignmentListResponseSchema,
  }),
  riskAssessmentAssignOrgUnits: defineEndpoint('riskAssessmentAssignOrgUnits', {
    ...SESSION,
    summary: 'Assign org units: each member gets one analysis per assigned unit',
    permissions: ['risk-assessment.change-assignments'],
    request: riskAssessmentAssignOrgUnitsRequestSchema,
    response: riskAssessmentAssignResponseSchema,
  }),
  riskAssessmentAssignLocation: defineEndpoint('riskAssessmentAssignLocation', {
    ...SESSION,
    summary: 'Assign one location (an inspection its responsible members share; a survey for its members)',
    permissions: ['risk-assessment.change-assignments'],
    request: riskAssessmentAssignLocationRequestSchema,
    response: riskAssessmentAssignResponseSchema,
  }),
  riskAssessmentAssignMember: defineEndpoint('riskAssessmentAssignMember', {
    ...SESSION,
    summary: 'Assign single members',
    permissions: ['risk-assessment.change-assignments'],
    request: riskAssessmentAssignMemberRequestSchema,
    response: riskAssessmentAssignResponseSchema,
  }),
  riskAssessmentDeleteAssignments: defineEndpoint('riskAssessmentDeleteAssignments', {
    ...SESSION,
    summary: 'Remove assignments with their open analyses',
    permissions: ['risk-assessment.change-assignments'],
    request: riskAssessmentDeleteAssignmentsRequestSchema,
    response: okResponseSchema,
  }),
  riskAssessmentMemberTasks: defineEndpoint('riskAssessmentMemberTasks', {
    ...SESSION,
    summary: "The signed-in member's own risk-assessment tasks (one per assigned org unit) with due-status counts",
    permissions: [...OWN_TASKS],
    request: memberTasksRequestSchema,
    response: riskAssessmentMemberTasksResponseSchema,
  }),
  riskAssessmentContent: defineEndpoint('riskAssessmentContent', {
    ...SESSION,
    summary: "A type's question groups, questions, measures and answer scale",
    permissions: ['risk-assessment.read-member-tasks', 'risk-assessment.read-settings'],
    request: riskAssessmentContentRequestSchema,
    response: riskAssessmentContentSchema,
  }),
  riskAssessmentCreateExecution: defineEndpoint('riskAssessmentCreateExecution', {
    ...SESSION,
    summary: "Start (or reopen) the analysis of one of the member's tasks",
    permissions: [...OWN_TASKS],
    request: riskAssessmentCreateExecutionRequestSchema,
    response: riskAssessmentCreateExecutionResponseSchema,
  }),
  riskAssessmentExecution: defineEndpoint('riskAssessmentExecution', {
    ...SESSION,
    summary:
      'Open an analysis: its answers so far, and its lock (taken for this window when free, or from her own other window on takeOver)',
    permissions: [...OWN_TASKS],
    request: riskAssessmentExecutionRequestSchema,
    response: riskAssessmentExecutionSchema,
  }),
  riskAssessmentSaveExecution: defineEndpoint('riskAssessmentSaveExecution', {
    ...SESSION,
    summary:
      "Save answers of an analysis (idempotent); renews this window's lock (RiskAssessmentExecution.TakenOver once her other window took it)",
    permissions: [...OWN_TASKS],
    request: riskAssessmentSaveExecutionRequestSchema,
    response: riskAssessmentSaveExecutionResponseSchema,
  }),
  riskAssessmentCompleteExecution: defineEndpoint('riskAssessmentCompleteExecution', {
    ...SESSION,
    summary: 'Complete an analysis for good (idempotent when repeated)',
    permissions: [...OWN_TASKS],
    request: riskAssessmentCompleteExecutionRequestSchema,
    response: riskAssessmentCompleteExecutionResponseSchema,
  }),
  riskAssessmentEvaluationList: defineEndpoint('riskAssessmentEvaluationList', {
    ...SESSION,
    summary: 'Evaluation list: one row per assigned org unit or location of each risk assessment, with its status',
    permissions: ['risk-assessment.read-assignment-overview-list'],
    request: evaluationListRequestSchema,
    response: evaluationListResponseSchema,
  }),
  riskAssessmentFinishAnalysis: defineEndpoint('riskAssessmentFinishAnalysis', {
    ...SESSION,
    summary:
      'End the analysis phase of an assignment (from 6 completed analyses): computes its risks, closes open analyses',
    permissions: ['risk-assessment.finish-analysis'],
    request: finishAnalysisRequestSchema,
    response: finishAnalysisResponseSchema,
  }),
  riskAssessmentEvaluationDetails: defineEndpoint('riskAssessmentEvaluationDetails', {
    ...SESSION,
    summary: "An evaluation's header, risk matrix counts and action progress",
    permissions: ['risk-assessment.read-risk-list', 'risk-assessment.read-risk-action-list'],
    request: detailRequestSchema,
    response: evaluationDetailsSchema,
  }),
  riskAssessmentRiskList: defineEndpoint('riskAssessmentRiskList', {
    ...SESSION,
    summary: "An evaluation's risks with factor, load, source, target, status (filter by matrix cell)",
    permissions: ['risk-assessment.read-risk-list'],
    request: riskListRequestSchema,
    response: riskListResponseSchema,
  }),
  riskAssessmentRiskDetails: defineEndpoint('riskAssessmentRiskDetails', {
    ...SESSION,
    summary: 'One risk of an evaluation: factor, scores, load, source, target, status, proposed measures, its actions',
    permissions: ['risk-assessment.read-risk-list'],
    request: detailRequestSchema,
    response: riskDetailsSchema,
  }),
  riskAssessmentCreateRiskAction: defineEndpoint('riskAssessmentCreateRiskAction', {
    ...SESSION,
    summary: 'Define an action for a risk: a proposed measure or a custom one, with STOP type, owner and due date',
    permissions: ['risk-assessment.change-risk-actions'],
    request: createRiskActionRequestSchema,
    response: z.object({ uuid: uuidSchema }),
  }),
  riskAssessmentUpdateRiskAction: defineEndpoint('riskAssessmentUpdateRiskAction', {
    ...SESSION,
    summary: "Change an action's STOP type, owner, due date and note (and a custom action's wording)",
    permissions: ['risk-assessment.change-risk-actions'],
    request: updateRiskActionRequestSchema,
    response: okResponseSchema,
  }),
  riskAssessmentSetRiskNotRelevant: defineEndpoint('riskAssessmentSetRiskNotRelevant', {
    ...SESSION,
    summary: 'Mark a risk not relevant (no action needed), or take the mark back',
    permissions: ['risk-assessment.change-risk-actions'],
    request: setRiskNotRelevantRequestSchema,
    response: okResponseSchema,
  }),
  riskAssessmentConfirmRiskActions: defineEndpoint('riskAssessmentConfirmRiskActions', {
    ...SESSION,
    summary: 'Confirm all actions: every risk above very low has an action or is not relevant; moves to actionsAgreed',
    permissions: ['risk-assessment.change-risk-actions'],
    request: detailRequestSchema,
    response: evaluationStatusResponseSchema,
  }),
  riskAssessmentCompleteRiskAction: defineEndpoint('riskAssessmentCompleteRiskAction', {
    ...SESSION,
    summary:
      'Mark an agreed action done (date and who; the responsible member or an admin); the evaluation is done when every action is',
    permissions: ['risk-assessment.change-risk-actions', ...OWN_TASKS],
    request: completeRiskActionRequestSchema,
    response: evaluationStatusResponseSchema,
  }),
  riskAssessmentRiskActionList: defineEndpoint('riskAssessmentRiskActionList', {
    ...SESSION,
    summary: "An evaluation's actions with risk, STOP type, responsible member, due date and done state",
    permissions: ['risk-assessment.read-risk-action-list'],
    request: riskActionListRequestSchema,
    response: riskActionListResponseSchema,
  }),
  riskAssessmentRiskActionStatus: defineEndpoint('riskAssessmentRiskActionStatus', {
    ...SESSION,
    summary:
      "An evaluation's action status: risks per status, undecided risks, actions open and done, whether confirming is possible",
    permissions: ['risk-assessment.read-risk-action-list'],
    request: detailRequestSchema,
    response: riskActionStatusSchema,
  }),
  riskAssessmentRiskActionDetails: defineEndpoint('riskAssessmentRiskActionDetails', {
    ...SESSION,
    summary: 'One action: its risk, description, STOP type, responsible member, due date, note, done date and by whom',
    permissions: ['risk-assessment.read-risk-action-list'],
    request: detailRequestSchema,
    response: riskActionDetailsSchema,
  }),
  riskAssessmentExportRiskActionList: defineEndpoint('riskAssessmentExportRiskActionList', {
    ...SESSION,
    summary: 'The action list as .xlsx or .pdf with the licensee name and the date (binary answer)',
    permissions: ['risk-assessment.read-risk-action-list'],
    request: exportRiskActionListRequestSchema,
    response: z
      .custom<Uint8Array>((value) => value instanceof Uint8Array)
      .describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet or application/pdf'),
  }),
  riskAssessmentUploadEvidencePhoto: defineEndpoint('riskAssessmentUploadEvidencePhoto', {
    ...SESSION,
    summary:
      'Add a photo to an answer of an open inspection (the body, ?executionUuid=&questionKey=): JPEG, at most 2 MB, metadata stripped; surveys take none',
    permissions: [...OWN_TASKS],
    request: uploadEvidencePhotoRequestSchema,
    response: evidencePhotoSchema,
  }),
  riskAssessmentEvidencePhotoList: defineEndpoint('riskAssessmentEvidencePhotoList', {
    ...SESSION,
    summary: "The photos of an analysis's answers (the member's own or shared inspection)",
    permissions: [...OWN_TASKS],
    request: evidencePhotoListRequestSchema,
    response: evidencePhotoListResponseSchema,
  }),
  riskAssessmentDeleteEvidencePhoto: defineEndpoint('riskAssessmentDeleteEvidencePhoto', {
    ...SESSION,
    summary: 'Remove a photo from an answer while the inspection is open',
    permissions: [...OWN_TASKS],
    request: detailRequestSchema,
    response: okResponseSchema,
  }),
  riskAssessmentEvidencePhoto: defineEndpoint('riskAssessmentEvidencePhoto', {
    ...SESSION,
    summary: 'One evidence photo (image/jpeg): for whoever works on the analysis, and for those who evaluate it',
    permissions: [...OWN_TASKS, 'risk-assessment.read-risk-list'],
    request: detailRequestSchema,
    response: z.custom<Uint8Array>((value) => value instanceof Uint8Array).describe('image/jpeg'),
  }),
  riskAssessmentCheckRiskAction: defineEndpoint('riskAssessmentCheckRiskAction', {
    ...SESSION,
    summary:
      "Record a done action's effectiveness check (the responsible member or an admin); notEffective reopens the risk",
    permissions: ['risk-assessment.change-risk-actions', ...OWN_TASKS],
    request: checkRiskActionRequestSchema,
    response: checkRiskActionResponseSchema,
  }),
  riskAssessmentMyRiskActions: defineEndpoint('riskAssessmentMyRiskActions', {
    ...SESSION,
    summary: "The signed-in member's own actions: open ones to carry out, done ones whose effectiveness check is due",
    permissions: [...OWN_TASKS],
    request: myRiskActionsRequestSchema,
    response: myRiskActionsResponseSchema,
  }),
  riskAssessmentApproveEvaluation: defineEndpoint('riskAssessmentApproveEvaluation', {
    ...SESSION,
    summary: 'Sign off an evaluation whose actions are agreed (name, date, comment); it is read-only from then on',
    permissions: ['risk-assessment.change-risk-actions'],
    request: approveEvaluationRequestSchema,
    response: approveEvaluationResponseSchema,
  }),
  riskAssessmentStartEvaluationRound: defineEndpoint('riskAssessmentStartEvaluationRound', {
    ...SESSION,
    summary:
      'Start a new round from an approved evaluation: a copy of its risks and actions; the old round stays as history',
    permissions: ['risk-assessment.change-risk-actions'],
    request: detailRequestSchema,
    response: startEvaluationRoundResponseSchema,
  }),
  riskAssessmentUnitActions: defineEndpoint('riskAssessmentUnitActions', {
    ...SESSION,
    summary: "The agreed actions of the signed-in member's assessed units (read-only)",
    permissions: [...OWN_TASKS],
    request: z.strictObject({}),
    response: unitActionsResponseSchema,
  }),
};
