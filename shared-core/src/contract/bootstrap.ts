import { z } from 'zod';
import { AUDIENCES, type Audience } from '../areas';
import { COLOUR_PATTERN } from '../colours';
import { FEATURE_FLAGS } from '../featureFlags';
import { LICENSEE_PERMISSIONS, PERMISSIONS } from '../permissions';

/** A theme colour: #rrggbb. */
const colourSchema = z.string().regex(COLOUR_PATTERN);
const themeColoursSchema = z.object({
  primary: colourSchema,
  contrast: colourSchema,
  highlight: colourSchema.nullable(),
});

export const licenseeConfigSchema = z.object({
  licenseeIdentifier: z.string(),
  licenseeName: z.string(),
  moodImageCopyright: z.string().nullable(),
  isWhitelabelPartner: z.boolean(),
  images: z.object({ logo: z.string().nullable(), mood: z.string().nullable() }),
  theme: z.object({ light: themeColoursSchema, dark: themeColoursSchema }),
  footer: z.object({
    licenseeLink: z.string().nullable(),
    legalNoticeLink: z.string().nullable(),
    dataProtectionLink: z.string().nullable(),
  }),
  supportChatKey: z.string().nullable(),
  /** Deployment configuration (SUPPORT_CHAT_SCRIPT_URL): the chat vendor's script; null = no chat. */
  supportChatScriptUrl: z.string().nullable(),
  notificationFooterEmail: z.string().nullable(),
  notificationFooterSms: z.string().nullable(),
  externalCalendarHref: z.string().nullable(),
});
export type LicenseeConfig = z.infer<typeof licenseeConfigSchema>;

export const remoteConfigSchema = z.object({
  name: z.string(),
  scope: z.string(),
  manifestUrl: z.string(),
  public: z.boolean(),
  audience: z.enum(AUDIENCES).optional(),
  featureFlag: z.enum(FEATURE_FLAGS).optional(),
  permissions: z.array(z.enum([...PERMISSIONS, ...LICENSEE_PERMISSIONS])),
  release: z.object({ id: z.string(), version: z.string(), problems: z.array(z.string()) }).optional(),
});
export const remotesResponseSchema = z.object({ remotes: z.array(remoteConfigSchema) });

/**
 * What a release of an area must fit on this deployment (docs/releases.md): per area the API contract versions the
 * server serves, and the packages the shell shares with their versions (null while the shell is not built here).
 * `npm run release -- --server <url>` checks a release against it.
 */
export const platformResponseSchema = z.object({
  contracts: z.array(z.object({ area: z.string(), current: z.int(), oldest: z.int() })),
  shellShared: z.record(z.string(), z.string()).nullable(),
});
export type PlatformResponse = z.infer<typeof platformResponseSchema>;

/**
 * What the server writes into index.html (a non-executing `<script type="application/json">`, so the CSP needs no
 * hash): the answers of licenseeConfig and remotes for this host, and whether the request carried a session
 * cookie at all. The shell starts without those calls, and a visitor without a session skips the member state
 * call (and its 401). When the element is missing (development server), the shell makes the calls.
 * Element id: BOOT_DATA_ELEMENT_ID (shared-core/src/bootData.ts, browser-safe).
 */
export interface BootData {
  licensee: LicenseeConfig | null;
  remotes: z.infer<typeof remoteConfigSchema>[];
  hasSessionCookie: boolean;
  /**
   * Whose session the cookie names, told by the token's form (a licensee staff token starts with
   * LICENSEE_TOKEN_PREFIX): the shell asks for that kind's state only. Null without a session cookie.
   */
  sessionKind: Audience | null;
}
