import { LICENSEE_LOGO_MAX_BYTES, themeContrastProblems, themeWithDefaults } from '@dash/shared-core';
import { ENDPOINTS, type LicenseeBranding } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../../core/db/database';
import { fileUrl, type LicenseeRow } from '../../../core/licensees/licensees';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { changedValues, writeLicenseeAudit } from '../audit';
import { LOGO_EXTENSION, logoTypeOf, logoTypeOfName } from '../logoImage';

type BrandingRow = LicenseeRow & { host_names: string[] };

const NO_FOOTER: LicenseeBranding['footer'] = { licenseeLink: null, legalNoticeLink: null, dataProtectionLink: null };

/**
 * The staff member's own licensee (never another's: the uuid is the session's). `lock` holds the row for a change in
 * the caller's transaction.
 */
async function readBranding(db: Queryable, licenseeUuid: string, lock = false): Promise<LicenseeBranding> {
  const rows = await db.query<BrandingRow>(
    `SELECT uuid, identifier, name, host_names, is_whitelabel_partner, mood_image_copyright, theme, footer,
            logo_file_uuid, mood_file_uuid, support_chat_key, notification_footer_email, notification_footer_sms
       FROM licensee WHERE uuid = $1${lock ? ' FOR NO KEY UPDATE' : ''}`,
    [licenseeUuid],
  );
  const row = rows[0];
  if (!row) throw new ApiHttpError(404, 'Licensee.NotFound');
  return {
    licenseeIdentifier: row.identifier,
    hostNames: row.host_names,
    images: {
      logo: fileUrl('licensee', 'logo', row.logo_file_uuid, 'logo.svg'),
      mood: fileUrl('licensee', 'mood', row.mood_file_uuid, 'mood.svg'),
    },
    name: row.name,
    theme: themeWithDefaults(row.theme),
    footer: { ...NO_FOOTER, ...row.footer },
    moodImageCopyright: row.mood_image_copyright,
    supportChatKey: row.support_chat_key,
    notificationFooterEmail: row.notification_footer_email,
    notificationFooterSms: row.notification_footer_sms,
    isWhitelabelPartner: row.is_whitelabel_partner,
  };
}

/**
 * The licensee's branding: read by its staff, changed by its admins. Nothing keeps the branding in memory: index.html
 * and the licenseeConfig call read the row on every request (core/licensees), so a change shows at the next page load
 * on every instance.
 */
export function registerBrandingRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.licenseeBranding, async ({ session }) => readBranding(db, session.licenseeUuid));

  registerEndpoint(app, db, ENDPOINTS.licenseeBrandingUpdate, async ({ body, session }) => {
    // The same check as the form's (shared-core): text on the primary colour at least 4.5:1 in both themes.
    if (themeContrastProblems(body.theme).length > 0) throw new ApiHttpError(400, 'Licensee.ContrastTooLow');
    return db.transaction(async (tx) => {
      const before = await readBranding(tx, session.licenseeUuid, true);
      await tx.query(
        `UPDATE licensee SET name = $2, theme = $3, footer = $4, mood_image_copyright = $5, support_chat_key = $6,
                             notification_footer_email = $7, notification_footer_sms = $8, is_whitelabel_partner = $9
          WHERE uuid = $1`,
        [
          session.licenseeUuid,
          body.name,
          JSON.stringify(body.theme),
          JSON.stringify(body.footer),
          body.moodImageCopyright,
          body.supportChatKey,
          body.notificationFooterEmail,
          body.notificationFooterSms,
          body.isWhitelabelPartner,
        ],
      );
      const after = await readBranding(tx, session.licenseeUuid);
      const changed = changedValues({ ...before }, { ...after });
      // Saving the form unchanged is no change.
      if (Object.keys(changed.after).length > 0) {
        await writeLicenseeAudit(tx, session, { action: 'branding.update', client: null, ...changed });
      }
      return after;
    });
  });

  registerEndpoint(app, db, ENDPOINTS.licenseeLogoUpload, async ({ body, session }) => {
    const content = Buffer.from(body.contentBase64, 'base64');
    if (content.length > LICENSEE_LOGO_MAX_BYTES) throw new ApiHttpError(413, 'Request.TooLarge');
    // By content, and the name must promise the same: a renamed executable or an SVG is refused.
    const type = logoTypeOf(content);
    if (!type || logoTypeOfName(body.filename) !== type) throw new ApiHttpError(400, 'File.InvalidType');
    return db.transaction(async (tx) => {
      await readBranding(tx, session.licenseeUuid, true);
      const [file] = await tx.query<{ uuid: string }>(
        `INSERT INTO file (context, type, filename, content_type, content, client_uuid)
         VALUES ('licensee', 'logo', $1, $2, $3, NULL) RETURNING uuid`,
        [`logo.${LOGO_EXTENSION[type]}`, type, content],
      );
      if (!file) throw new ApiHttpError(500, 'Generic.PersistFailed');
      await tx.query('UPDATE licensee SET logo_file_uuid = $2 WHERE uuid = $1', [session.licenseeUuid, file.uuid]);
      await writeLicenseeAudit(tx, session, {
        action: 'branding.logo',
        client: null,
        before: null,
        after: { filename: body.filename, contentType: type, bytes: content.length },
      });
      // The old logo's file stays: mails already sent show it by its address (a new logo has a new one, so no cache
      // shows the old logo on the sign-in page).
      return readBranding(tx, session.licenseeUuid);
    });
  });
}
