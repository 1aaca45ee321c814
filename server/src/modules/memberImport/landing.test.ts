import { describe, expect, it } from 'vitest';
import { nextSettleRows } from './landing';

describe('the size of the next settle step', () => {
  it('scales the step to the time aimed at (100 ms)', () => {
    expect(nextSettleRows(250, 100)).toBe(250);
    expect(nextSettleRows(250, 80)).toBe(313);
    expect(nextSettleRows(400, 160)).toBe(250);
  });

  it('changes by at most half or double per step, within 50 and 2,000 members', () => {
    expect(nextSettleRows(250, 10)).toBe(500);
    expect(nextSettleRows(250, 0)).toBe(500);
    expect(nextSettleRows(250, 5_000)).toBe(125);
    expect(nextSettleRows(60, 1_000)).toBe(50);
    expect(nextSettleRows(1_500, 20)).toBe(2_000);
  });
});
