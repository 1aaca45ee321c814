/**
 * How the answers of one question in one evaluated unit become a probability, a severity and a risk factor
 * (docs/risk-matrix.md explains it with its source). Pure functions: the database aggregates the answers
 * (count, sum of risk weights), this scores the aggregate.
 */

/** Stored with every risk, so that a later change of the matrix never rewrites an existing evaluation. */
export const MATRIX_VERSION = 'nohl-additive-5x5-v1';

/**
 * The worst plausible consequence of each GDA hazard factor group on the severity scale 1 (no health consequences)
 * to 5 (deadly), before the answers adjust it.
 */
export const BASE_SEVERITY: Record<string, number> = {
  electrical: 5,
  'fire-explosion': 5,
  'hazardous-substances': 4,
  mechanical: 4,
  thermal: 3,
  'physical-agents': 3,
  'physical-strain': 3,
  'mental-load': 3,
  'work-environment': 2,
};
const DEFAULT_SEVERITY = 3;

export interface AnswerAggregate {
  hazardFactorGroup: string;
  /** Completed analyses that answered the question. */
  analysisCount: number;
  /** Analyses whose answer shows a hazard (risk weight >= 1). */
  affectedCount: number;
  /** Sum of the risk weights (0 no hazard .. 3 high) over all analyses. */
  weightSum: number;
}

export interface RiskScore {
  probability: number;
  severity: number;
  riskFactor: number;
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * null when no analysis shows a hazard (no risk). Otherwise:
 * - probability 1..5 = ceil(5 x weightSum / (3 x analysisCount)): how widespread and how strongly the hazard is
 *   reported, relative to "everyone reports it as high";
 * - severity 1..5 = base severity of the hazard group - 3 + the mean weight of the answers that report it (1..3),
 *   rounded: a group's worst case when answers say "high", two steps lower when they say "low";
 * - risk factor = probability + severity (2..10, the scale's levels: 1-2 very low … 9-10 very high).
 */
export function scoreRisk(aggregate: AnswerAggregate): RiskScore | null {
  const { analysisCount, affectedCount, weightSum } = aggregate;
  if (analysisCount <= 0 || affectedCount <= 0 || weightSum <= 0) return null;
  const probability = clamp(Math.ceil((5 * weightSum) / (3 * analysisCount) - 1e-9), 1, 5);
  const base = BASE_SEVERITY[aggregate.hazardFactorGroup] ?? DEFAULT_SEVERITY;
  const meanAffectedWeight = weightSum / affectedCount;
  const severity = clamp(Math.round(base - 3 + meanAffectedWeight), 1, 5);
  return { probability, severity, riskFactor: probability + severity };
}
