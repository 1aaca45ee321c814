import declaration from './areas.json' with { type: 'json' };
import type { FeatureFlag } from './featureFlags';
import type { Permission } from './permissions';

/**
 * Who signs in to use an area: a client's members (sign-in at /auth/login) or a licensee's staff (/auth/licensee).
 * Each session is of one kind, and an area is loaded only for its own kind.
 */
export const AUDIENCES = ['member', 'licensee'] as const;
export type Audience = (typeof AUDIENCES)[number];

/**
 * One product area, built and deployed as one Module Federation remote. Each is declared once, in `areas.json`
 * (plain data, so that the build scripts read it on Node without TypeScript): the rspack configuration, the dev
 * servers, the build list, the bench's non-federated build, the shell and the server all take it from there.
 */
export interface AreaDefinition {
  /** Workspace folder and deployment name. */
  name: string;
  /** Module Federation container name (a JS identifier). */
  scope: string;
  /** Loaded before sign-in (the sign-in pages themselves). */
  public: boolean;
  /** Whose area it is: absent means the client's members; `licensee` is the licensee console (licensee staff). */
  audience?: Audience;
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
  /** Key in the common translations of the area's name, shown by the shell when the area cannot be loaded. */
  titleKey: string;
}

/**
 * The product areas. The server turns this list into the run-time remote configuration (adding each remote's URL);
 * the shell loads an area only when the signed-in member may open it, so switched-off areas are never downloaded.
 * JSON gives permissions and flags as plain strings: `areas.declaration.test.ts` checks them against the lists.
 */
export const AREAS: readonly AreaDefinition[] = declaration.areas as readonly AreaDefinition[];

/** What the server tells the shell at run time about one remote. */
export interface RemoteConfig {
  name: string;
  scope: string;
  manifestUrl: string;
  public: boolean;
  audience?: Audience;
  featureFlag?: FeatureFlag;
  permissions: Permission[];
  /** The release of the area this browser gets (docs/releases.md); absent: the deployment's own build. */
  release?: RemoteRelease;
}

/** The choice of the deployment's own build of an area over a published release (docs/releases.md). */
export const BUNDLED_RELEASE_ID = 'bundled';

/** A published release of an area, as the server hands it to the shell. */
export interface RemoteRelease {
  id: string;
  version: string;
  /** Why the release does not fit this server or shell, as the server found it; the shell checks again itself. */
  problems: string[];
}

/** The audience of an area (absent in the declaration: the client's members). */
export function audienceOf(area: Pick<AreaDefinition, 'audience'>): Audience {
  return area.audience ?? 'member';
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
