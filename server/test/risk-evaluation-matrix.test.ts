import { describe, expect, it } from 'vitest';
import { scoreRisk } from '../src/modules/riskAssessments/riskMatrix';

const aggregate = (hazardFactorGroup: string, analysisCount: number, weights: number[]) => ({
  hazardFactorGroup,
  analysisCount,
  affectedCount: weights.filter((weight) => weight > 0).length,
  weightSum: weights.reduce((sum, weight) => sum + weight, 0),
});

describe('scoreRisk (docs/risk-matrix.md)', () => {
  it('is no risk when no analysis reports the hazard', () => {
    expect(scoreRisk(aggregate('electrical', 6, [0, 0, 0, 0, 0, 0]))).toBeNull();
    expect(scoreRisk(aggregate('electrical', 0, []))).toBeNull();
  });

  it('gives the worst cell when everyone reports a deadly hazard as high', () => {
    expect(scoreRisk(aggregate('electrical', 1, [3]))).toEqual({ probability: 5, severity: 5, riskFactor: 10 });
    expect(scoreRisk(aggregate('fire-explosion', 6, [3, 3, 3, 3, 3, 3]))?.riskFactor).toBe(10);
  });

  it('gives a very low risk when one of six reports a low mental load', () => {
    expect(scoreRisk(aggregate('mental-load', 6, [1, 0, 0, 0, 0, 0]))).toEqual({
      probability: 1,
      severity: 1,
      riskFactor: 2,
    });
  });

  it('rises with how many report the hazard (probability) and how strongly (severity)', () => {
    // 3 of 6 say "partly" (2): 6 / 18 of the maximum -> probability ceil(1.67) = 2; severity 3 - 3 + 2 = 2.
    expect(scoreRisk(aggregate('mental-load', 6, [2, 2, 2, 0, 0, 0]))).toEqual({
      probability: 2,
      severity: 2,
      riskFactor: 4,
    });
    // All 6 say "high" (3): probability 5, severity 3 -> 8 (high).
    expect(scoreRisk(aggregate('mental-load', 6, [3, 3, 3, 3, 3, 3]))).toEqual({
      probability: 5,
      severity: 3,
      riskFactor: 8,
    });
    // An inspection says "partly" for an electrical hazard: probability ceil(3.33) = 4, severity 5 - 1 = 4.
    expect(scoreRisk(aggregate('electrical', 1, [2]))).toEqual({ probability: 4, severity: 4, riskFactor: 8 });
  });

  it('stays on the 1..5 scales for groups with a low base severity', () => {
    expect(scoreRisk(aggregate('work-environment', 2, [1, 0]))).toEqual({ probability: 1, severity: 1, riskFactor: 2 });
    expect(scoreRisk(aggregate('unknown-group', 1, [3]))).toEqual({ probability: 5, severity: 3, riskFactor: 8 });
  });
});
