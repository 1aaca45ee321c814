/** The authorisation matrix's vocabulary: demo logins, seeded uuids and what an entry says about its route. */
import type { LicenseeRole, Role } from '@dash/shared-core';
import type { ENDPOINTS } from '@dash/shared-core/contract';
import type { Database } from '../../src/core/db/database';
import type { InjectResponse } from '../helpers';

export type LoginName =
  | 'acme/super.admin'
  | 'acme/admin'
  | 'acme/ou.admin'
  | 'acme/loc.admin'
  | 'acme/member'
  | 'globex/admin'
  | 'initech/admin';

export const LOGINS: Record<LoginName, { clientIdentifier: string; username: string; role: Role; host?: string }> = {
  'acme/super.admin': { clientIdentifier: 'acme', username: 'super.admin', role: 'super-admin' },
  'acme/admin': { clientIdentifier: 'acme', username: 'admin', role: 'admin' },
  'acme/ou.admin': { clientIdentifier: 'acme', username: 'ou.admin', role: 'ou-admin' },
  'acme/loc.admin': { clientIdentifier: 'acme', username: 'loc.admin', role: 'loc-admin' },
  'acme/member': { clientIdentifier: 'acme', username: 'member', role: 'member' },
  'globex/admin': { clientIdentifier: 'globex', username: 'admin', role: 'admin' },
  // initech has e-learnings switched off in this test (beforeAll), to prove the flag on every e-learning call.
  'initech/admin': { clientIdentifier: 'initech', username: 'admin', role: 'admin', host: 'partner.localhost' },
};

/** Licensee staff (licensee console): the default licensee's admin and adviser, and the partner's admin. */
export type LicenseeLoginName = 'dashboard/lizenz.admin' | 'dashboard/berater' | 'safeguard/partner.admin';

export const LICENSEE_LOGINS: Record<
  LicenseeLoginName,
  { licenseeIdentifier: string; username: string; role: LicenseeRole; host?: string }
> = {
  'dashboard/lizenz.admin': { licenseeIdentifier: 'dashboard', username: 'lizenz.admin', role: 'licensee-admin' },
  'dashboard/berater': { licenseeIdentifier: 'dashboard', username: 'berater', role: 'support-adviser' },
  'safeguard/partner.admin': {
    licenseeIdentifier: 'safeguard',
    username: 'partner.admin',
    role: 'licensee-admin',
    host: 'partner.localhost',
  },
};

export type AnyLoginName = LoginName | LicenseeLoginName;

export function isLicenseeLogin(name: AnyLoginName): name is LicenseeLoginName {
  return name in LICENSEE_LOGINS;
}

/** Rows of the risk-assessment calls, made once for the matrix (one task per analysis: each is the member's own). */
export interface RiskAssessmentIds {
  /** An acme inspection task with a member assignment of acme/member and its started analysis. */
  acmeRiskTask: string;
  acmeRiskMemberTask: string;
  acmeRiskExecution: string;
  /** acme/member's analysis not started yet (create-execution changes it). */
  acmeRiskFreshMemberTask: string;
  /** acme/member's analysis with every question answered (complete-execution changes it). */
  acmeRiskAnsweredExecution: string;
  /** acme/member's completed analysis. */
  acmeRiskCompletedExecution: string;
  /** An analysis of acme/admin: not acme/member's. */
  acmeRiskOtherMemberTask: string;
  acmeRiskOtherExecution: string;
  /** A task without a location (assign-location changes it) and one with assignments to remove. */
  acmeRiskSpareTask: string;
  acmeRiskRemovalTask: string;
  acmeRiskRemovals: [string, string];
  /** The seeded survey (single members refused). */
  acmeRiskSurveyTask: string;
  /** globex's task, analysis and execution. */
  globexRiskTask: string;
  globexRiskMemberTask: string;
  globexRiskExecution: string;
  /** Evaluation: see evaluationIds below. */
  eval: EvaluationIds;
  /** Evidence photos on acme/member's started inspection (acmeRiskExecution): four of acme's, one on globex's. */
  evidencePhotos: [string, string, string, string];
  globexEvidencePhoto: string;
}

/** Rows of the evaluation calls: one-way moves (finish, confirm, done) get a row for the sample, the control and the restore. */
export interface EvaluationIds {
  /** Assignments with 6 completed analyses, phase not finished. */
  ready: [string, string, string];
  /** An assignment with 5 completed analyses. */
  notReady: string;
  /** risksCreated evaluation with risk `risk` (action `action` on it) and `spareRisk` (no action). */
  evaluation: string;
  risk: string;
  spareRisk: string;
  action: string;
  /** risksCreated evaluation with an undecided risk (confirm refused). */
  undecided: string;
  /** risksCreated evaluations without risks to decide (confirm goes through). */
  confirmable: [string, string, string];
  /** actionsAgreed evaluation and its open actions. */
  agreedActions: [string, string, string];
  /** Done actions of an actionsAgreed evaluation, not checked yet (check-risk-action changes them). */
  doneActions: [string, string, string];
  /** actionsAgreed evaluations not signed off (approve-evaluation changes them). */
  approvable: [string, string, string];
  /** Signed-off evaluations (start-evaluation-round starts a new round from them). */
  approved: [string, string, string];
  globexEvaluation: string;
  globexRisk: string;
  globexAction: string;
}

/** Uuids of the seeded data, looked up once. */
export interface Ids extends RiskAssessmentIds {
  acmeMember: string;
  acmeAdmin: string;
  globexMember: string;
  licenseeLogo: string;
  /** A file that belongs to globex: never served by the public file route. */
  globexFile: string;
  /** A plain acme member the member calls change (fields: TARGET_FIELDS of matrix/members.ts). */
  acmeMatrixMember: string;
  /** An archived acme member and one of globex (the archive calls). */
  acmeArchivedMember: string;
  globexArchivedMember: string;
  /** Org units: acme's root (also its default unit), acme's "Produktion", globex's root. */
  acmeRootOrgUnit: string;
  acmeOrgUnit: string;
  globexOrgUnit: string;
  /** Locations: acme's "Werk Hamburg", one of globex. */
  acmeLocation: string;
  globexLocation: string;
  /** Member groups: acme's first-aid group, one of globex. */
  acmeGroup: string;
  globexGroup: string;
  /** Clients by licensee: globex (the default licensee's), initech (the partner's). */
  globexClient: string;
  initechClient: string;
  /**
   * A client of the default licensee that only the licensee console's calls change (deactivating globex would end
   * the sessions the other entries use), with two members ("Matrix Spare GmbH", Berlin).
   */
  spareClient: string;
}

export type Input = Record<string, unknown>;

export interface MatrixEntry {
  /** As the contract's: `licensee` is a licensee staff session (licensee console). */
  access: 'public' | 'session' | 'licensee';
  /** The contract entry behind the route; absent for the few routes outside the contract. */
  endpoint?: keyof typeof ENDPOINTS;
  /** A concrete URL, for routes with path parameters. */
  url?: (ids: Ids) => string;
  /** Who makes the valid call of a session route (default acme/admin); public routes are called signed out. */
  as?: LoginName;
  /** Who makes the valid call of a licensee route (default dashboard/lizenz.admin). */
  asLicensee?: LicenseeLoginName;
  /** A valid body (POST) or query (GET). */
  sample: (ids: Ids) => Input;
  /** Checks the answer of the valid call beyond its status. */
  expectValid?: (response: InjectResponse) => void;
  /** The status of the valid call when it is not 200 (Swagger UI's index.html redirects: 302). */
  validStatus?: number;
  /**
   * A call whose body is a file (the SCORM package upload): every object input goes into the query string and the
   * body is this file; other inputs (arrays, numbers, invalid JSON) are sent as JSON as usual.
   */
  rawBody?: { contentType: string; payload: () => Buffer };
  /** false: the route takes no validated input (Swagger UI, files). */
  validated: boolean;
  /** Bodies or queries of the wrong shape besides the generic ones (extra property, wrong JSON type). */
  malformed?: (ids: Ids) => unknown[];
  /**
   * Demo logins lacking the permission (403 Auth.Forbidden); null when every signed-in role may call it. Licensee
   * routes list licensee logins (the roles of LICENSEE_ROLE_PERMISSIONS).
   */
  forbiddenFor: readonly AnyLoginName[] | null;
  /**
   * The call takes a uuid: another client's uuid answers exactly as a uuid that does not exist (licensee routes:
   * another licensee's client).
   */
  otherClientUuid?: {
    foreign: (ids: Ids) => string;
    request: (uuid: string) => { url?: string; input?: Input };
    status: number;
    code: string;
  };
  /** Rows the valid call needs (e.g. an uploaded import file), made once before the tests. */
  setup?: (db: Database, ids: Ids) => Promise<void>;
  /**
   * A multipart route (file upload): a call whose input is a plain object sends it as form fields beside this file
   * (form field `file`); other inputs (arrays, numbers, invalid JSON) go as JSON, as for every route.
   */
  multipartFile?: { filename: string; content: string };
  /** A login whose client has the call's app switched off (403 Auth.FeatureDisabled). */
  featureFlagOffFor?: LoginName;
  /**
   * A writing call: a rejected request must change nothing. Required for every call that is not a GET and not marked
   * `reads: true` in API_ROUTES (the matrix test lists the few exemptions: sign-in calls that only create a session).
   * `snapshot` reads what the call changes (default: the caller's member row; required for public calls); the control
   * call proves the snapshot can tell a change.
   */
  writes?: {
    snapshot?: (db: Database, ids: Ids) => Promise<unknown>;
    /** A valid body that changes what `snapshot` reads. */
    changing: (ids: Ids) => Input;
    /** Valid JSON the handler itself rejects, with its answer. */
    rejected?: Array<{ body: (ids: Ids) => Input; status: number; code: string }>;
    /**
     * A valid body sent after the control call to leave the data usable for the other tests (default: the sample),
     * for calls whose sample no longer applies once `changing` went through (a changed password or username).
     */
    restore?: (ids: Ids) => Input;
  };
}

export const tableDefaults = { filter: {}, page: 1, perPage: 25, sortDirection: 'asc' } as const;
