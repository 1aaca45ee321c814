import { z } from 'zod';
import {
  ELEARNING_ANALYTICS_STATUSES,
  ELEARNING_BULK_LIMIT,
  FIRST_EXECUTION_BUFFER_DAYS,
  SEQUENCING_STATE_MAX,
} from '../../elearnings';
import {
  catalogFilterSchema,
  detailRequestSchema,
  emptyRequestSchema,
  languageCodeSchema,
  searchTextSchema,
  tableRequestSchema,
  tableResponseSchema,
  uuidSchema,
} from '../common';
import { defineEndpoint } from '../endpoint';
import { personRefSchema } from '../orgUnits/schemas';
import { memberTasksRequestSchema, memberTasksResponseSchema } from '../tasks';

/** A calendar day, `YYYY-MM-DD`. */
const isoDateSchema = z.iso.date();

/** Live: active and inside its activate-on / deactivate-on dates; scheduled: before activate-on; ended: from deactivate-on. */
export const elearningStateSchema = z.enum(['live', 'scheduled', 'ended', 'inactive']);
export type ElearningState = z.infer<typeof elearningStateSchema>;

export const elearningCatalogRequestSchema = tableRequestSchema(
  catalogFilterSchema,
  ['title', 'durationMinutes', 'assignedMemberCount', 'completedMemberCount'] as const,
  'title',
);
export type ElearningCatalogRequest = z.input<typeof elearningCatalogRequestSchema>;

export const elearningCatalogItemSchema = z.object({
  uuid: uuidSchema,
  /** In the signed-in member's language when the course has that version, else the main title. */
  title: z.string(),
  description: z.string().nullable(),
  durationMinutes: z.int(),
  /** The language versions of the course. */
  languages: z.array(languageCodeSchema),
  active: z.boolean(),
  state: elearningStateSchema,
  assignedMemberCount: z
    .int()
    .describe(
      'Members with a task of this e-learning (open or completed), archived members left out; an ou-admin: his. The same members as the rows of the analytics (read-statistics)',
    ),
  completedMemberCount: z
    .int()
    .describe(
      "Of those, the members whose analytics status is 'completed' now: the same number as the analytics' completed rows (read-statistics with status 'completed') and the overview's completed of the default unit. A member who completed an earlier round but whose next round is begun or overdue, or whose open task is inactive, counts under that status, not here",
    ),
});
export type ElearningCatalogItem = z.infer<typeof elearningCatalogItemSchema>;
export const elearningCatalogResponseSchema = tableResponseSchema(elearningCatalogItemSchema);

export const elearningDetailsSchema = elearningCatalogItemSchema.extend({
  versions: z.array(z.object({ language: languageCodeSchema, title: z.string(), description: z.string().nullable() })),
});
export type ElearningDetails = z.infer<typeof elearningDetailsSchema>;

/** Spec section 3 "E-learning task settings". */
export const elearningSettingsSchema = z.object({
  active: z.boolean(),
  /** A fixed due date for the first round (tasks created up to that day); null: created day + buffer. */
  dueDate: isoDateSchema.nullable(),
  firstExecutionBufferDays: z.literal(FIRST_EXECUTION_BUFFER_DAYS),
  repeatIntervalMonths: z.int().min(0).max(24),
  activateOn: isoDateSchema.nullable(),
  deactivateOn: isoDateSchema.nullable(),
});
export type ElearningSettings = z.infer<typeof elearningSettingsSchema>;
export const elearningSaveSettingsRequestSchema = z.strictObject({
  uuid: uuidSchema,
  ...elearningSettingsSchema.shape,
});
export type ElearningSaveSettingsRequest = z.input<typeof elearningSaveSettingsRequestSchema>;
export const elearningSettingsResponseSchema = elearningSettingsSchema.extend({
  state: elearningStateSchema,
  /** Tasks the save created or whose dates it moved. */
  changedTaskCount: z.int().min(0).optional(),
});

export const elearningOrgUnitAssignmentSchema = z.object({
  orgUnitUuid: uuidSchema,
  orgUnitName: z.string(),
  isDefault: z.boolean(),
  /** Members of the unit and its sub-units (not archived). */
  memberCount: z.int().min(0),
  admins: z.array(personRefSchema),
  assignedAt: z.string(),
});
export type ElearningOrgUnitAssignment = z.infer<typeof elearningOrgUnitAssignmentSchema>;
export const elearningOrgUnitAssignmentsResponseSchema = z.object({
  items: z.array(elearningOrgUnitAssignmentSchema),
  total: z.int().min(0),
});

const orgUnitUuidsSchema = z.array(uuidSchema).min(1).max(ELEARNING_BULK_LIMIT);
export const elearningChangeOrgUnitsRequestSchema = z.strictObject({
  uuid: uuidSchema,
  orgUnitUuids: orgUnitUuidsSchema,
});
export type ElearningChangeOrgUnitsRequest = z.input<typeof elearningChangeOrgUnitsRequestSchema>;
export const elearningChangeOrgUnitsResponseSchema = z.object({
  /** Units whose assignment changed (already assigned / not assigned ones do not count). */
  changedOrgUnitCount: z.int().min(0),
  /** Tasks created (assign) or open tasks removed (remove). */
  changedTaskCount: z.int().min(0),
});

export const elearningAnalyticsStatusSchema = z.enum(ELEARNING_ANALYTICS_STATUSES);
export type ElearningAnalyticsStatus = z.infer<typeof elearningAnalyticsStatusSchema>;

export const elearningStatisticsFilterSchema = z.strictObject({
  status: elearningAnalyticsStatusSchema.optional(),
  orgUnitUuid: uuidSchema.optional(),
  search: searchTextSchema.optional(),
});
export const ELEARNING_STATISTICS_SORT_KEYS = ['lastName', 'status', 'lastCompletedAt', 'nextOverdueDate'] as const;
export const elearningStatisticsRequestSchema = tableRequestSchema(
  elearningStatisticsFilterSchema,
  ELEARNING_STATISTICS_SORT_KEYS,
  'lastName',
).extend({ uuid: uuidSchema });
export type ElearningStatisticsRequest = z.input<typeof elearningStatisticsRequestSchema>;

export const elearningStatisticsRowSchema = z.object({
  memberUuid: uuidSchema,
  firstName: z.string(),
  lastName: z.string(),
  username: z.string(),
  orgUnitNames: z.array(z.string()),
  status: elearningAnalyticsStatusSchema,
  /** When the member last completed it (ISO timestamp). */
  lastCompletedAt: z.string().nullable(),
  /** The day the open task becomes overdue (its due date); null without an open task. */
  nextOverdueDate: isoDateSchema.nullable(),
  completedCount: z.int().min(0),
  /** The member's newest certificate of this e-learning (a result): its PDF for the analytics' download. */
  certificateUuid: uuidSchema.nullable(),
});
export type ElearningStatisticsRow = z.infer<typeof elearningStatisticsRowSchema>;
export const elearningStatisticsResponseSchema = tableResponseSchema(elearningStatisticsRowSchema);

export const elearningExportRequestSchema = z.strictObject({
  uuid: uuidSchema,
  filter: elearningStatisticsFilterSchema.default({}),
  language: languageCodeSchema.default('de_DE'),
});
export type ElearningExportRequest = z.input<typeof elearningExportRequestSchema>;

export const elearningUnitStatisticsSchema = z.object({
  orgUnitUuid: uuidSchema,
  orgUnitName: z.string(),
  assigned: z.int().min(0),
  completed: z.int().min(0),
  due: z.int().min(0),
  inprogress: z.int().min(0),
  overdue: z.int().min(0),
  /** completed / assigned in percent, 0 when nobody is assigned. */
  completionRate: z.number().min(0).max(100),
});
export type ElearningUnitStatistics = z.infer<typeof elearningUnitStatisticsSchema>;
export const elearningOverviewResponseSchema = z.object({
  units: z.array(elearningUnitStatisticsSchema),
  /** Overdue tasks at the end of each of the last 12 weeks, oldest first (today last). */
  overdueOverTime: z.array(z.object({ date: isoDateSchema, overdue: z.int().min(0) })),
});
export type ElearningOverview = z.infer<typeof elearningOverviewResponseSchema>;

export const elearningResetProgressRequestSchema = z.strictObject({
  uuid: uuidSchema,
  memberUuids: z.array(uuidSchema).min(1).max(ELEARNING_BULK_LIMIT),
});
export type ElearningResetProgressRequest = z.input<typeof elearningResetProgressRequestSchema>;
export const elearningResetProgressResponseSchema = z.object({ resetCount: z.int().min(0) });

/** Bubble counts of "My e-learnings" (spec section 3, due-status bubbles). */
export const elearningMemberStatisticsSchema = z.object({
  overdue: z.int().min(0),
  next7Days: z.int().min(0),
  nextMonth: z.int().min(0),
  done: z.int().min(0),
  all: z.int().min(0),
});
export type ElearningMemberStatistics = z.infer<typeof elearningMemberStatisticsSchema>;

export const elearningMemberTaskSchema = z.object({
  uuid: uuidSchema,
  dueDate: isoDateSchema.nullable(),
  completedAt: z.string().nullable(),
  startedAt: z.string().nullable(),
  elearning: z.object({
    uuid: uuidSchema,
    title: z.string(),
    description: z.string().nullable(),
    durationMinutes: z.int(),
    languages: z.array(languageCodeSchema),
  }),
});
export type ElearningMemberTask = z.infer<typeof elearningMemberTaskSchema>;

// --- The player: packages, executions, results, certificates -------------------------------------

export const SCORM_VERSIONS = ['1.2', '2004'] as const;
export const scormVersionSchema = z.enum(SCORM_VERSIONS);
export type ScormVersion = z.infer<typeof scormVersionSchema>;

/**
 * The body of an upload as the server's zip parser hands it over (a temporary file, never JSON): the marker is a
 * symbol, which no JSON body can carry, so a JSON request can never pose as an upload.
 */
export const UPLOADED_FILE_MARKER: unique symbol = Symbol.for('dash.uploaded-file');
export interface UploadedFile {
  readonly [UPLOADED_FILE_MARKER]: true;
  readonly tempPath: string;
  readonly sizeBytes: number;
}
const uploadedFileSchema = z.custom<UploadedFile>(
  (value) => typeof value === 'object' && value !== null && UPLOADED_FILE_MARKER in value,
  'a zip file sent as the request body (Content-Type application/zip)',
);

/** Upload: `POST upload-package?uuid=<elearning>` with the zip as the body; the server adds the file here. */
export const elearningUploadPackageRequestSchema = z.strictObject({ uuid: uuidSchema, file: uploadedFileSchema });
export type ElearningUploadPackageRequest = z.input<typeof elearningUploadPackageRequestSchema>;

/** The longest SCO id (the manifest item's identifier) a call names. */
export const SCORM_ITEM_ID_MAX = 200;
export const scormItemIdSchema = z.string().min(1).max(SCORM_ITEM_ID_MAX);

/** A launchable item of the package's organization (manifest order, nested items depth first). */
export const scormPackageItemSchema = z.object({
  /** The manifest item's identifier. */
  id: z.string(),
  title: z.string(),
  launchPath: z.string(),
  /** true: a SCO (runtime, counts for completion); false: an asset (shown, never counted). */
  sco: z.boolean(),
});
export type ScormPackageItem = z.infer<typeof scormPackageItemSchema>;

export const elearningPackageSchema = z.object({
  uuid: uuidSchema,
  scormVersion: scormVersionSchema,
  /** From the manifest's default organization (editable). */
  title: z.string(),
  language: languageCodeSchema.nullable(),
  /** The first item's launch file. */
  launchPath: z.string(),
  items: z.array(scormPackageItemSchema),
  fileCount: z.int().min(0),
  unpackedBytes: z.int().min(0),
  createdAt: z.string(),
});
export type ElearningPackage = z.infer<typeof elearningPackageSchema>;
export const elearningPackageResponseSchema = z.object({ package: elearningPackageSchema.nullable() });

export const elearningSavePackageRequestSchema = z.strictObject({
  uuid: uuidSchema,
  title: z.string().trim().min(1).max(200),
  language: languageCodeSchema.nullable(),
});
export type ElearningSavePackageRequest = z.input<typeof elearningSavePackageRequestSchema>;

export const elearningCreateExecutionRequestSchema = z.strictObject({ taskUuid: uuidSchema });
export const elearningCreateExecutionResponseSchema = z.object({ uuid: uuidSchema, resumed: z.boolean() });

/** A commit of the SCORM runtime: the whole cmi tree (as scorm-again renders it) and the session's total time. */
export const SCORM_CMI_MAX_KEYS = 5_000;
/**
 * The largest commit body: suspend_data (64,000 characters in SCORM 2004, escaped in JSON), a quiz's interactions
 * and objectives, and the sequencing state.
 */
export const SCORM_COMMIT_MAX_BYTES = 512 * 1024;
const cmiValueSchema: z.ZodType<unknown> = z.lazy(() =>
  z.union([
    z.string().max(70_000),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(cmiValueSchema).max(1_000),
    cmiObjectSchema,
  ]),
);
const cmiObjectSchema: z.ZodType<Record<string, unknown>> = z.record(z.string().max(100), cmiValueSchema);
export const scormCmiSchema = cmiObjectSchema;

/**
 * SCORM 2004 sequencing of a package (docs/scorm.md "Sequencing"): the organization as an activity tree with the
 * rules of its manifest, in the shape scorm-again's sequencing engine takes (`sequencing.activityTree`).
 */
export interface ScormRuleCondition {
  condition: string;
  operator?: 'not';
  referencedObjective?: string;
  parameters?: { threshold: number };
}
export interface ScormSequencingRule {
  action: string;
  conditionCombination: 'all' | 'any';
  conditions: ScormRuleCondition[];
}
export interface ScormRollupRule {
  action: string;
  consideration: string;
  conditionCombination: 'all' | 'any';
  minimumCount?: number;
  minimumPercent?: number;
  conditions: Array<{ condition: string; operator?: 'not' }>;
}
export interface ScormObjectiveMap {
  targetObjectiveID: string;
  readSatisfiedStatus: boolean;
  readNormalizedMeasure: boolean;
  writeSatisfiedStatus: boolean;
  writeNormalizedMeasure: boolean;
}
/** The extended map of SCORM 2004 4th edition (`adlseq:objectives`): raw score, range, completion and progress. */
export type ScormExtendedObjectiveMap = ScormObjectiveMap &
  Partial<
    Record<
      | 'readRawScore'
      | 'writeRawScore'
      | 'readMinScore'
      | 'writeMinScore'
      | 'readMaxScore'
      | 'writeMaxScore'
      | 'readCompletionStatus'
      | 'writeCompletionStatus'
      | 'readProgressMeasure'
      | 'writeProgressMeasure',
      boolean
    >
  >;
/** An `adlcp:data/adlcp:map`: a shared data store (`adl.data`) the activity may read or write. */
export interface ScormSharedDataMap {
  targetID: string;
  readSharedData: boolean;
  writeSharedData: boolean;
}
export interface ScormObjective {
  objectiveID: string;
  isPrimary: boolean;
  satisfiedByMeasure?: boolean;
  minNormalizedMeasure?: number;
  mapInfo: ScormExtendedObjectiveMap[];
}
export interface ScormActivity {
  id: string;
  title: string;
  /**
   * The title in other languages, where the manifest's item metadata gives them (LOM general/title): the player shows
   * the learner's. Kept with the package; an execution's answer carries only the learner's title.
   */
  titles?: Partial<Record<'de_DE' | 'en_GB', string>>;
  /** An item with a resource (a SCO or asset of the items list); false for the root and clusters. */
  launchable: boolean;
  isVisible?: boolean;
  children?: ScormActivity[];
  sequencingControls?: Partial<
    Record<
      | 'choice'
      | 'choiceExit'
      | 'flow'
      | 'forwardOnly'
      | 'useCurrentAttemptObjectiveInfo'
      | 'useCurrentAttemptProgressInfo'
      | 'preventActivation'
      | 'constrainChoice'
      | 'rollupObjectiveSatisfied'
      | 'rollupProgressCompletion'
      // imsss:randomizationControls' reorderChildren, under scorm-again's name.
      | 'randomizeChildren',
      boolean
    > & {
      objectiveMeasureWeight: number;
      /** imsss:randomizationControls: when children are picked (`selectCount` of them) and shuffled. */
      selectionTiming: 'never' | 'once' | 'onEachNewAttempt';
      randomizationTiming: 'never' | 'once' | 'onEachNewAttempt';
      selectCount: number;
    }
  >;
  sequencingRules?: {
    preConditionRules?: ScormSequencingRule[];
    exitConditionRules?: ScormSequencingRule[];
    postConditionRules?: ScormSequencingRule[];
  };
  rollupRules?: { rules: ScormRollupRule[] };
  deliveryControls?: { tracked?: boolean; completionSetByContent?: boolean; objectiveSetByContent?: boolean };
  attemptLimit?: number;
  /** imsss:limitConditions' time limits, ISO 8601 durations (`PT30M`): the attempt's and all attempts' together. */
  attemptAbsoluteDurationLimit?: string;
  activityAbsoluteDurationLimit?: string;
  primaryObjective?: ScormObjective;
  objectives?: ScormObjective[];
  /** adlnav:presentation: the player's buttons this activity hides. */
  hideLmsUi?: string[];
  /** adlcp:data: the shared data stores the activity sees as `adl.data`. */
  sharedDataMaps?: ScormSharedDataMap[];
}
export interface ScormSequencingTree {
  activityTree: ScormActivity;
}
const scormSequencingTreeSchema = z.custom<ScormSequencingTree>(
  (value) => typeof value === 'object' && value !== null && 'activityTree' in value,
);

/** The course's rolled-up status (the sequencer's root activity) sent with a sequenced course's commits. */
export const sequencingRootSchema = z.strictObject({
  completionStatus: z.enum(['completed', 'incomplete', 'not attempted', 'unknown']),
  successStatus: z.enum(['passed', 'failed', 'unknown']),
  /** The root's normalized measure as a percentage (0–100), when known. */
  scorePercent: z.number().min(0).max(100).nullable(),
});
export type SequencingRoot = z.infer<typeof sequencingRootSchema>;

/** read-execution: without scoId the SCO the member was in last (a new execution: the first item). */
export const elearningReadExecutionRequestSchema = z.strictObject({
  uuid: uuidSchema,
  scoId: scormItemIdSchema.optional(),
});
export type ElearningReadExecutionRequest = z.input<typeof elearningReadExecutionRequestSchema>;

export const SCO_STATUSES = ['notAttempted', 'incomplete', 'failed', 'completed', 'passed'] as const;
export const scoStatusSchema = z.enum(SCO_STATUSES);
export type ScoStatus = z.infer<typeof scoStatusSchema>;

/** One entry of the player's table of contents. */
export const elearningExecutionItemSchema = z.object({
  id: z.string(),
  title: z.string(),
  /** URL of the item's launch page on the course origin (docs/scorm.md "Isolation"). */
  launchUrl: z.string(),
  sco: z.boolean(),
  /** null for an asset (nothing to track). */
  status: scoStatusSchema.nullable(),
  scorePercent: z.number().nullable(),
});
export type ElearningExecutionItem = z.infer<typeof elearningExecutionItemSchema>;

export const elearningExecutionSchema = z.object({
  uuid: uuidSchema,
  taskUuid: uuidSchema,
  scormVersion: scormVersionSchema,
  /** The item opened now (asked for, else the one of the last commit, else the first). */
  scoId: z.string(),
  /** URL of the opened item's launch page on the course origin, with its signed token (docs/scorm.md "Isolation"). */
  launchUrl: z.string(),
  title: z.string(),
  /** The opened SCO's stored tree to load before it starts (entry, learner id and name, language filled in). */
  cmi: scormCmiSchema,
  /** The opened SCO's last commit applied; the player numbers its commits for this SCO after it. */
  sequence: z.int().min(0),
  /** Every launchable item of the package with its status (one for a single-SCO package). */
  items: z.array(elearningExecutionItemSchema).min(1),
  completedAt: z.string().nullable(),
  resultUuid: uuidSchema.nullable(),
  /**
   * SCORM 2004 sequencing (null: a package without sequencing, every item free to choose): the activity tree and
   * rules, and the sequencer's state as last saved (null before the first save) with its number.
   */
  sequencing: z
    .object({ tree: scormSequencingTreeSchema, state: z.string().nullable(), sequence: z.int().min(0) })
    .nullable(),
});
export type ElearningExecution = z.infer<typeof elearningExecutionSchema>;

export const elearningSaveExecutionRequestSchema = z.strictObject({
  uuid: uuidSchema,
  /** The SCO the commit is for (the manifest item's identifier); without it the package's first SCO. */
  scoId: scormItemIdSchema.optional(),
  /** Grows with every commit of the SCO in a run; a commit not above the SCO's stored one changes nothing. */
  sequence: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
  cmi: scormCmiSchema,
  /** Time in the course over all sessions, from the runtime (total_time + session_time). */
  totalTimeSeconds: z.int().min(0).max(10_000_000),
  /**
   * A sequenced course: the sequencer's state after this commit, numbered per execution (a number not above the
   * stored one leaves the stored state), and the course's rolled-up status the attempt's completion follows.
   */
  sequencing: z
    .strictObject({
      sequence: z.int().min(1).max(Number.MAX_SAFE_INTEGER),
      state: z.string().min(2).max(SEQUENCING_STATE_MAX),
      root: sequencingRootSchema,
    })
    .optional(),
});
export type ElearningSaveExecutionRequest = z.input<typeof elearningSaveExecutionRequestSchema>;
export const elearningSaveExecutionResponseSchema = z.object({
  /** false: an older or repeated commit, ignored. */
  applied: z.boolean(),
  /** The SCO's last commit applied. */
  sequence: z.int().min(0),
  /** The SCO the commit was for, with its status after it. */
  sco: z.object({ id: z.string(), status: scoStatusSchema, scorePercent: z.number().nullable() }),
  /** The execution's (every SCO done). */
  completedAt: z.string().nullable(),
  resultUuid: uuidSchema.nullable(),
});
export type ElearningSaveExecutionResponse = z.infer<typeof elearningSaveExecutionResponseSchema>;

export const elearningResultSchema = z.object({
  uuid: uuidSchema,
  executionUuid: uuidSchema,
  memberName: z.string(),
  courseTitle: z.string(),
  language: languageCodeSchema,
  completedAt: z.string(),
  durationSeconds: z.int().min(0),
  /** 0..100, null when the course reports no score. */
  scorePercent: z.number().nullable(),
  passed: z.boolean().nullable(),
  clientName: z.string(),
  /** As printed on the certificate, `XXXX-XXXX-XXXX` (its public verification page: /verify/<code>). */
  verificationCode: z.string(),
});
export type ElearningResult = z.infer<typeof elearningResultSchema>;
export const elearningExecutionResultResponseSchema = z.object({ result: elearningResultSchema.nullable() });

const MEMBER_OWN = ['elearning.read-member-tasks'] as const;

const ADMIN_READ = ['elearning.read-catalog', 'elearning.read-statistics'] as const;

/** The E-learning calls (spec section 7, "E-learning"). */
export const ELEARNINGS_ENDPOINTS = {
  elearningCatalog: defineEndpoint('elearningCatalog', {
    summary: "The client's e-learning catalogue (an ou-admin: counts of his units' members)",
    tag: 'elearnings',
    access: 'session',
    permissions: ADMIN_READ,
    featureFlag: 'elearnings',
    request: elearningCatalogRequestSchema,
    response: elearningCatalogResponseSchema,
  }),
  elearningDetails: defineEndpoint('elearningDetails', {
    summary: 'One e-learning of the catalogue with its language versions',
    tag: 'elearnings',
    access: 'session',
    permissions: ADMIN_READ,
    featureFlag: 'elearnings',
    request: detailRequestSchema,
    response: elearningDetailsSchema,
  }),
  elearningSettings: defineEndpoint('elearningSettings', {
    summary: 'Task settings of an e-learning (due date, buffer, repeat, activate/deactivate dates)',
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.read-settings'],
    featureFlag: 'elearnings',
    request: detailRequestSchema,
    response: elearningSettingsResponseSchema,
  }),
  elearningSaveSettings: defineEndpoint('elearningSaveSettings', {
    summary: 'Save the task settings; tasks follow (Elearning.InvalidDate for impossible dates)',
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.save-settings'],
    featureFlag: 'elearnings',
    request: elearningSaveSettingsRequestSchema,
    response: elearningSettingsResponseSchema,
  }),
  elearningOrgUnitAssignments: defineEndpoint('elearningOrgUnitAssignments', {
    summary: 'Org units an e-learning is assigned to, with their admins',
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.read-org-unit-assignments'],
    featureFlag: 'elearnings',
    request: detailRequestSchema,
    response: elearningOrgUnitAssignmentsResponseSchema,
  }),
  elearningAssignOrgUnits: defineEndpoint('elearningAssignOrgUnits', {
    summary: 'Assign org units: one task per member of the units and their sub-units',
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.assign-org-units'],
    featureFlag: 'elearnings',
    request: elearningChangeOrgUnitsRequestSchema,
    response: elearningChangeOrgUnitsResponseSchema,
  }),
  elearningRemoveOrgUnits: defineEndpoint('elearningRemoveOrgUnits', {
    summary: 'Remove org unit assignments: members no longer assigned lose open tasks, completions stay',
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.assign-org-units'],
    featureFlag: 'elearnings',
    request: elearningChangeOrgUnitsRequestSchema,
    response: elearningChangeOrgUnitsResponseSchema,
  }),
  elearningStatistics: defineEndpoint('elearningStatistics', {
    summary: 'Analytics: one row per assigned member with status, last completed and next overdue',
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.read-statistics'],
    featureFlag: 'elearnings',
    request: elearningStatisticsRequestSchema,
    response: elearningStatisticsResponseSchema,
  }),
  elearningStatisticsOverview: defineEndpoint('elearningStatisticsOverview', {
    summary: 'Statistics per org unit (completion rate) and overdue tasks over the last 12 weeks',
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.read-statistics'],
    featureFlag: 'elearnings',
    request: detailRequestSchema,
    response: elearningOverviewResponseSchema,
  }),
  elearningExportStatistics: defineEndpoint('elearningExportStatistics', {
    summary: 'The analytics rows as an .xlsx file (binary answer)',
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.export-statistics'],
    featureFlag: 'elearnings',
    request: elearningExportRequestSchema,
    // The handler sets the content type and answers the file's bytes.
    response: z
      .custom<Uint8Array>((value) => value instanceof Uint8Array)
      .describe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'),
  }),
  elearningResetProgress: defineEndpoint('elearningResetProgress', {
    summary: "Reset members' progress: the current attempt is closed (history kept) and a new one starts",
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.reset-progress'],
    featureFlag: 'elearnings',
    request: elearningResetProgressRequestSchema,
    response: elearningResetProgressResponseSchema,
  }),
  elearningMemberTasks: defineEndpoint('elearningMemberTasks', {
    summary: "The signed-in member's own e-learning tasks",
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.read-member-tasks'],
    featureFlag: 'elearnings',
    request: memberTasksRequestSchema,
    response: memberTasksResponseSchema,
  }),
  elearningMemberStatistics: defineEndpoint('elearningMemberStatistics', {
    summary: "Counts of the signed-in member's e-learning tasks per due status (the bubbles)",
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.read-member-tasks'],
    featureFlag: 'elearnings',
    request: emptyRequestSchema,
    response: elearningMemberStatisticsSchema,
  }),
  elearningMemberTask: defineEndpoint('elearningMemberTask', {
    summary: "One of the signed-in member's tasks with its course (the execution page until the player exists)",
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.read-member-tasks'],
    featureFlag: 'elearnings',
    request: detailRequestSchema,
    response: elearningMemberTaskSchema,
  }),
  elearningUploadPackage: defineEndpoint('elearningUploadPackage', {
    summary:
      'Upload a SCORM package (.zip as the body, ?uuid=<e-learning>): unpacked safely, launch file from the manifest',
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.upload-package'],
    featureFlag: 'elearnings',
    request: elearningUploadPackageRequestSchema,
    response: elearningPackageSchema,
  }),
  elearningPackage: defineEndpoint('elearningPackage', {
    summary: "The e-learning's current SCORM package (null before the first upload)",
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.read-settings'],
    featureFlag: 'elearnings',
    request: detailRequestSchema,
    response: elearningPackageResponseSchema,
  }),
  elearningSavePackage: defineEndpoint('elearningSavePackage', {
    summary: "Edit the current package's title and language (taken from the manifest at upload)",
    tag: 'elearnings',
    access: 'session',
    permissions: ['elearning.upload-package'],
    featureFlag: 'elearnings',
    request: elearningSavePackageRequestSchema,
    response: elearningPackageSchema,
  }),
  elearningCreateExecution: defineEndpoint('elearningCreateExecution', {
    summary: "Start (or resume) the signed-in member's execution of one of his tasks",
    tag: 'elearnings',
    access: 'session',
    permissions: MEMBER_OWN,
    featureFlag: 'elearnings',
    request: elearningCreateExecutionRequestSchema,
    response: elearningCreateExecutionResponseSchema,
  }),
  elearningReadExecution: defineEndpoint('elearningReadExecution', {
    summary:
      "An execution of the signed-in member: its items with their status and one SCO's stored cmi tree (for the player)",
    tag: 'elearnings',
    access: 'session',
    permissions: MEMBER_OWN,
    featureFlag: 'elearnings',
    request: elearningReadExecutionRequestSchema,
    response: elearningExecutionSchema,
  }),
  elearningSaveExecution: defineEndpoint('elearningSaveExecution', {
    summary:
      'A commit of one SCO of the SCORM runtime, applied in sequence order per SCO (also sent by sendBeacon on page close)',
    tag: 'elearnings',
    access: 'session',
    permissions: MEMBER_OWN,
    featureFlag: 'elearnings',
    bodyLimitBytes: SCORM_COMMIT_MAX_BYTES,
    request: elearningSaveExecutionRequestSchema,
    response: elearningSaveExecutionResponseSchema,
  }),
  elearningResetExecution: defineEndpoint('elearningResetExecution', {
    summary: 'Start over: the execution is closed (results kept) and a new one begins',
    tag: 'elearnings',
    access: 'session',
    permissions: MEMBER_OWN,
    featureFlag: 'elearnings',
    request: detailRequestSchema,
    response: elearningCreateExecutionResponseSchema,
  }),
  elearningExecutionResult: defineEndpoint('elearningExecutionResult', {
    summary: 'The result of an execution of the signed-in member (null while not completed)',
    tag: 'elearnings',
    access: 'session',
    permissions: MEMBER_OWN,
    featureFlag: 'elearnings',
    request: detailRequestSchema,
    response: elearningExecutionResultResponseSchema,
  }),
  elearningResultData: defineEndpoint('elearningResultData', {
    summary: "A result of the signed-in member: the certificate's data",
    tag: 'elearnings',
    access: 'session',
    permissions: MEMBER_OWN,
    featureFlag: 'elearnings',
    request: detailRequestSchema,
    response: elearningResultSchema,
  }),
  elearningCertificatePdf: defineEndpoint('elearningCertificatePdf', {
    summary: 'The participation certificate of a result as a PDF (binary answer)',
    tag: 'elearnings',
    access: 'session',
    permissions: MEMBER_OWN,
    featureFlag: 'elearnings',
    request: detailRequestSchema,
    response: z.custom<Uint8Array>((value) => value instanceof Uint8Array).describe('application/pdf'),
  }),
};
