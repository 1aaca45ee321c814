import type { StopType } from '@dash/shared-core';

/** Values of the contract (kept here: the contract's zod module never reaches a browser bundle). */
export const STOP_ORDER: readonly StopType[] = ['substitution', 'technical', 'organisational', 'personal'];
/** Results and the end of the analysis phase only from 6 completed analyses on (spec section 9). */
export const MIN_COMPLETED = 6;
