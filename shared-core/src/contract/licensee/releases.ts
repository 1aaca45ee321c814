import { z } from 'zod';
import { AREAS } from '../../areas';

export { BUNDLED_RELEASE_ID } from '../../areas';

import { uuidSchema } from '../common';
import { defineEndpoint } from '../endpoint';

const areaNameSchema = z.enum(AREAS.map((area) => area.name) as [string, ...string[]]);

/** The licensee's own choices (`clientUuid` null), or one of its clients'. */
export const licenseeReleasesRequestSchema = z.strictObject({ clientUuid: uuidSchema.nullable() });
export type LicenseeReleasesRequest = z.input<typeof licenseeReleasesRequestSchema>;

export const licenseeReleaseSchema = z.object({
  id: z.string(),
  version: z.string(),
  publishedAt: z.string(),
  /** Why it does not fit this server and its shell; empty when it does (only a fitting release can be chosen). */
  problems: z.array(z.string()),
});
export type LicenseeRelease = z.infer<typeof licenseeReleaseSchema>;

export const licenseeAreaReleasesSchema = z.object({
  area: z.string(),
  /** The published releases, newest first. */
  releases: z.array(licenseeReleaseSchema),
  /** The operator's default for everybody; null: the deployment's own build. */
  defaultRelease: z.string().nullable(),
  /** The licensee's choice for its clients; null: the default applies. */
  licenseeRelease: z.string().nullable(),
  /** The client's own choice (only when a client was asked for); null: the licensee's or the default applies. */
  clientRelease: z.string().nullable(),
  /** What the licensee (or the client) gets now: a release id, or `bundled`. */
  effective: z.string(),
});
export const licenseeReleasesSchema = z.object({ areas: z.array(licenseeAreaReleasesSchema) });
export type LicenseeReleases = z.infer<typeof licenseeReleasesSchema>;

/**
 * Choose the release of one area for the licensee (`clientUuid` null) or one of its clients: a release id of the
 * store, `bundled` for the deployment's own build, or null to remove the choice (then the next level applies).
 */
export const licenseeReleaseChooseSchema = z.strictObject({
  area: areaNameSchema,
  clientUuid: uuidSchema.nullable(),
  release: z.string().min(1).max(80).nullable(),
});
export type LicenseeReleaseChoose = z.input<typeof licenseeReleaseChooseSchema>;

const CONSOLE = { tag: 'licensee', access: 'licensee' } as const;

/** The licensee's admins: which release of each area its clients get; always the staff member's own licensee. */
export const LICENSEE_RELEASE_ENDPOINTS = {
  licenseeReleases: defineEndpoint('licenseeReleases', {
    ...CONSOLE,
    summary:
      "Each area's published releases and which one the licensee (or one of its clients) gets: the default, the licensee's and the client's choice",
    permissions: ['licensee.releases-read'],
    request: licenseeReleasesRequestSchema,
    response: licenseeReleasesSchema,
  }),
  licenseeReleaseChoose: defineEndpoint('licenseeReleaseChoose', {
    ...CONSOLE,
    summary:
      "Choose the release of one area for the licensee or one of its clients (null: the next level's choice); from the next page load; 404 Release.NotFound, 409 Release.Incompatible",
    permissions: ['licensee.releases-choose'],
    request: licenseeReleaseChooseSchema,
    response: licenseeReleasesSchema,
  }),
};
