/** E-learning constants the browser needs at run time (zod-free, like tasks.ts). */

/** Spec section 9: first-execution buffer options in days (0 = now). */
export const FIRST_EXECUTION_BUFFER_DAYS = [0, 7, 14, 30, 60, 90] as const;
/** Spec section 9: repeat interval options in months, 0 = once, then every 1 to 24 months. */
export const REPEAT_INTERVAL_MONTHS = Array.from({ length: 25 }, (_, months) => months);
/** Most units or members one bulk call takes. */
export const ELEARNING_BULK_LIMIT = 1000;
/** Spec section 4 "E-learning analytics status"; `inactive`: an open task of an e-learning that has ended. */
export const ELEARNING_ANALYTICS_STATUSES = ['completed', 'due', 'inprogress', 'overdue', 'inactive'] as const;

/**
 * The longest sequencing state kept with a commit: activity states (about 1.6 KB each), global objectives and the
 * shared data stores (adl.data, up to 64,000 characters each). The commit's body limit (SCORM_COMMIT_MAX_BYTES)
 * leaves room for it beside the SCO's tree.
 */
export const SEQUENCING_STATE_MAX = 200_000;
