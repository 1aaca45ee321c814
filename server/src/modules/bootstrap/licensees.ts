import { licenseeNameOrDefault, type StoredTheme, themeWithDefaults } from '@dash/shared-core';
import type { LicenseeConfig } from '@dash/shared-core/contract';
import type { FastifyRequest } from 'fastify';
import type { Queryable } from '../../core/db/database';

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

/** The host name without port, lower case: `partner.localhost:8080` -> `partner.localhost`. */
export function hostNameOf(request: FastifyRequest): string {
  const host = request.hostname || '';
  return host.replace(/:\d+$/, '').toLowerCase();
}

/** The licensee that owns the host name, else the default licensee ("Dashboard"). */
export async function licenseeForHost(db: Queryable, hostName: string): Promise<LicenseeRow | undefined> {
  const rows = await db.query<LicenseeRow>(
    `SELECT * FROM licensee WHERE $1 = ANY(host_names) OR is_default
      ORDER BY ($1 = ANY(host_names)) DESC LIMIT 1`,
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
