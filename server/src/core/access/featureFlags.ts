import type { FeatureFlags } from '@dash/shared-core';

/** A client's four feature flag columns (table `client`, the licensee switches them), as a query reads them. */
export interface FeatureFlagRow {
  feature_elearnings: boolean;
  feature_risk_assessments: boolean;
  feature_templates: boolean;
  feature_calendar: boolean;
}

/** The columns of `FeatureFlagRow` for a query that names the client `c`. */
export const FEATURE_FLAG_COLUMNS =
  'c.feature_elearnings, c.feature_risk_assessments, c.feature_templates, c.feature_calendar';

/** The one mapping of the flag columns to the contract's `featureFlags` (session, configuration, console). */
export function featureFlagsOf(row: FeatureFlagRow): FeatureFlags {
  return {
    elearnings: row.feature_elearnings,
    riskAssessments: row.feature_risk_assessments,
    templates: row.feature_templates,
    calendar: row.feature_calendar,
  };
}
