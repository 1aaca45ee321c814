import type { EffectivenessResult, StopType } from '@dash/shared-core';

/** Values of the contract (kept here: the contract's zod module never reaches a browser bundle). */
export const STOP_ORDER: readonly StopType[] = ['substitution', 'technical', 'organisational', 'personal'];
/** Results and the end of the analysis phase only from 6 completed analyses on (spec section 9). */
export const MIN_COMPLETED = 6;
/** The results of an effectiveness check, in the order offered (the contract's EFFECTIVENESS_RESULTS). */
export const EFFECTIVENESS_ORDER: readonly EffectivenessResult[] = ['effective', 'partly', 'notEffective'];
/** The longer side of an evidence photo after the browser shrank it (the contract's EVIDENCE_PHOTO_MAX_EDGE). */
export const EVIDENCE_PHOTO_MAX_EDGE = 1600;
/** Photos per answer at most (the contract's EVIDENCE_PHOTOS_PER_ANSWER). */
export const EVIDENCE_PHOTOS_PER_ANSWER = 5;
