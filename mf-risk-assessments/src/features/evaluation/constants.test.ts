import {
  EVIDENCE_PHOTO_MAX_EDGE as CONTRACT_MAX_EDGE,
  EVIDENCE_PHOTOS_PER_ANSWER as CONTRACT_PHOTOS,
  EFFECTIVENESS_RESULTS,
  MIN_COMPLETED_ANALYSES,
  STOP_TYPES,
} from '@dash/shared-core/contract';
import { describe, expect, it } from 'vitest';
import {
  EFFECTIVENESS_ORDER,
  EVIDENCE_PHOTO_MAX_EDGE,
  EVIDENCE_PHOTOS_PER_ANSWER,
  MIN_COMPLETED,
  STOP_ORDER,
} from './constants';

/** The browser keeps copies of the contract's values (its zod module stays out of the bundle): they must agree. */
describe('risk-assessment constants of the browser', () => {
  it('are the contract values', () => {
    expect([...STOP_ORDER].sort()).toEqual([...STOP_TYPES].sort());
    expect(EFFECTIVENESS_ORDER).toEqual(EFFECTIVENESS_RESULTS);
    expect(MIN_COMPLETED).toBe(MIN_COMPLETED_ANALYSES);
    expect(EVIDENCE_PHOTO_MAX_EDGE).toBe(CONTRACT_MAX_EDGE);
    expect(EVIDENCE_PHOTOS_PER_ANSWER).toBe(CONTRACT_PHOTOS);
  });
});
