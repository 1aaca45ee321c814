import { licenseeNameOrDefault, type StoredTheme, themeWithDefaults } from '@dash/shared-core';
import type { LicenseeConfig } from '@dash/shared-core/contract';
import type { ServerConfig } from '../../config';
import type { Queryable } from '../db/database';

/**
 * What a host's visitors see before signing in: the licensee's configuration (branding by host name) and where each
 * remote lives. Read by the bootstrap calls and written into index.html by the static hosting (http/static.ts).
 */

export interface LicenseeRow {
  uuid: string;
  identifier: string;
  name: string;
  is_whitelabel_partner: boolean;
  mood_image_copyright: string | null;
  /** As stored: a value may be missing (then the spec's default applies). */
  theme: StoredTheme | null;
  footer: LicenseeConfig['footer'];
  logo_file_uuid: string | null;
  mood_file_uuid: string | null;
  support_chat_key: string | null;
  notification_footer_email: string | null;
  notification_footer_sms: string | null;
  external_calendar_href: string | null;
}

/**
 * SQL for the host names of the licensee aliased `l`, in the order they were added (licensee_domain, migration 033):
 * a white-label licensee's mails link to the first one (auth/passwordReset.ts `linkBase`).
 */
export const LICENSEE_HOST_NAMES =
  'ARRAY(SELECT d.host_name FROM licensee_domain d WHERE d.licensee_uuid = l.uuid ORDER BY d.id)';

/**
 * The licensee that owns the host name (licensee_domain), else the default licensee ("Dashboard"). Read from the
 * database at every call, never kept in memory: a domain added or removed in the licensee console shows at the next
 * page load, on every instance.
 */
export async function licenseeForHost(db: Queryable, hostName: string): Promise<LicenseeRow | undefined> {
  const rows = await db.query<LicenseeRow>(
    `SELECT l.* FROM licensee l
      WHERE l.uuid = coalesce((SELECT d.licensee_uuid FROM licensee_domain d WHERE d.host_name = lower($1)),
                              (SELECT dl.uuid FROM licensee dl WHERE dl.is_default))`,
    [hostName],
  );
  return rows[0];
}

export function fileUrl(context: string, type: string, uuid: string | null, filename: string): string | null {
  return uuid ? `/api/file/${context}/${type}/${uuid}/${encodeURIComponent(filename)}` : null;
}

export function toLicenseeConfig(row: LicenseeRow, supportChatScriptUrl: string | null): LicenseeConfig {
  return {
    licenseeIdentifier: row.identifier,
    licenseeName: licenseeNameOrDefault(row.name),
    moodImageCopyright: row.mood_image_copyright,
    isWhitelabelPartner: row.is_whitelabel_partner,
    images: {
      logo: fileUrl('licensee', 'logo', row.logo_file_uuid, 'logo.svg'),
      mood: fileUrl('licensee', 'mood', row.mood_file_uuid, 'mood.svg'),
    },
    theme: themeWithDefaults(row.theme),
    footer: row.footer,
    supportChatKey: row.support_chat_key,
    supportChatScriptUrl: row.support_chat_key ? supportChatScriptUrl : null,
    notificationFooterEmail: row.notification_footer_email,
    notificationFooterSms: row.notification_footer_sms,
    externalCalendarHref: row.external_calendar_href,
  };
}

/** The licensee of the host name (branding by host); null for a host of no licensee. */
export async function licenseeConfigForHost(
  db: Queryable,
  config: Pick<ServerConfig, 'supportChatScriptUrl'>,
  hostName: string,
): Promise<LicenseeConfig | null> {
  const licensee = await licenseeForHost(db, hostName);
  return licensee ? toLicenseeConfig(licensee, config.supportChatScriptUrl) : null;
}
