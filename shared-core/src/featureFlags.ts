/** Licensee/client switches for whole product areas (spec section 3, "Feature flag defaults"). */
export const FEATURE_FLAGS = ['elearnings', 'riskAssessments', 'templates', 'calendar'] as const;
export type FeatureFlag = (typeof FEATURE_FLAGS)[number];
export type FeatureFlags = Record<FeatureFlag, boolean>;

export const DEFAULT_FEATURE_FLAGS: FeatureFlags = {
  elearnings: false,
  riskAssessments: false,
  templates: true,
  calendar: false,
};
