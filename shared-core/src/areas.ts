import type { FeatureFlag } from './featureFlags';
import type { Permission } from './permissions';

/**
 * The product areas, each built and deployed as one Module Federation remote.
 * The server turns this list into the run-time remote configuration (adding each remote's URL);
 * the shell loads an area only when the signed-in member may open it, so switched-off areas are never downloaded.
 */
export interface AreaDefinition {
  /** Workspace folder and deployment name. */
  name: string;
  /** Module Federation container name (a JS identifier). */
  scope: string;
  /** Loaded before sign-in (the sign-in pages themselves). */
  public: boolean;
  /** Loaded only when this flag is on for the client. */
  featureFlag?: FeatureFlag;
  /** Loaded only when the member holds any one of these (empty: every signed-in member). */
  permissions: Permission[];
  /** Port of the area's development server (`npm run dev`). */
  devPort: number;
  /**
   * Paths this area owns. The shell knows them before the area loads, so that a URL of an area that is
   * still loading, failed to load or is not open to the member shows the right page instead of "not found".
   */
  pathPrefixes: string[];
}

export const AREAS: readonly AreaDefinition[] = [
  { name: 'mf-auth', scope: 'mf_auth', public: true, permissions: [], devPort: 3001, pathPrefixes: ['/auth'] },
  {
    name: 'mf-start',
    scope: 'mf_start',
    public: false,
    permissions: [],
    devPort: 3002,
    pathPrefixes: ['/dashboard/start', '/dashboard/apps/templates', '/dashboard/apps/calendar'],
  },
  {
    name: 'mf-profile',
    scope: 'mf_profile',
    public: false,
    permissions: ['profile.read-member-profile'],
    devPort: 3003,
    pathPrefixes: ['/dashboard/profile'],
  },
  {
    name: 'mf-elearnings',
    scope: 'mf_elearnings',
    public: false,
    featureFlag: 'elearnings',
    permissions: ['elearning.read-member-tasks', 'elearning.read-catalog', 'elearning.read-statistics'],
    devPort: 3004,
    pathPrefixes: ['/dashboard/apps/elearnings'],
  },
  {
    name: 'mf-risk-assessments',
    scope: 'mf_risk_assessments',
    public: false,
    featureFlag: 'riskAssessments',
    permissions: [
      'risk-assessment.read-member-tasks',
      'risk-assessment.read-catalog-list',
      'risk-assessment.read-assignment-overview-list',
    ],
    devPort: 3005,
    pathPrefixes: ['/dashboard/apps/risk-assessments'],
  },
  {
    name: 'mf-company',
    scope: 'mf_company',
    public: false,
    permissions: [
      'member-list.get-list',
      'archive-member.list',
      'member-group.read-list',
      'org-unit.org-unit-list',
      'location.location-list',
      'clientdetails.read-details',
    ],
    devPort: 3006,
    pathPrefixes: ['/dashboard/company'],
  },
];

/** What the server tells the shell at run time about one remote. */
export interface RemoteConfig {
  name: string;
  scope: string;
  manifestUrl: string;
  public: boolean;
  featureFlag?: FeatureFlag;
  permissions: Permission[];
}

/** The area that owns a path, by its longest matching prefix. */
export function areaOfPath(pathname: string, areas: readonly AreaDefinition[] = AREAS): AreaDefinition | undefined {
  let best: { area: AreaDefinition; length: number } | undefined;
  for (const area of areas) {
    for (const prefix of area.pathPrefixes) {
      if ((pathname === prefix || pathname.startsWith(`${prefix}/`)) && prefix.length > (best?.length ?? -1)) {
        best = { area, length: prefix.length };
      }
    }
  }
  return best?.area;
}
