import {
  LICENSEE_LOGO_MAX_BYTES,
  LICENSEE_MOOD_MAX_BYTES,
  type LicenseeImage,
  themeContrastProblems,
  themeWithDefaults,
} from '@dash/shared-core';
import { ENDPOINTS, type LicenseeBranding, UPLOADED_BYTES_MARKER } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database, Queryable } from '../../../core/db/database';
import { fileUrl, LICENSEE_HOST_NAMES, type LicenseeRow } from '../../../core/licensees/licensees';
import type { LicenseeSessionContext } from '../../../core/sessions/sessions';
import { addBinaryBodyParser } from '../../../http/binaryBody';
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
    `SELECT l.uuid, l.identifier, l.name, ${LICENSEE_HOST_NAMES} AS host_names, l.is_whitelabel_partner,
            l.mood_image_copyright, l.theme, l.footer, l.logo_file_uuid, l.mood_file_uuid, l.support_chat_key,
            l.notification_footer_email, l.notification_footer_sms
       FROM licensee l WHERE l.uuid = $1${lock ? ' FOR NO KEY UPDATE OF l' : ''}`,
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

  registerEndpoint(app, db, ENDPOINTS.licenseeLogoUpload, async ({ body, session }) =>
    replaceImage(db, session, 'logo', body.filename, Buffer.from(body.contentBase64, 'base64')),
  );

  registerEndpoint(app, db, ENDPOINTS.licenseeImageRemove, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const before = await readBranding(tx, session.licenseeUuid, true);
      // Already the default: nothing changes, nothing is recorded.
      if (before.images[body.image] === null) return before;
      await tx.query(`UPDATE licensee SET ${IMAGE_COLUMN[body.image]} = NULL WHERE uuid = $1`, [session.licenseeUuid]);
      await writeLicenseeAudit(tx, session, {
        action: 'branding.image-remove',
        client: null,
        before: { image: body.image, url: before.images[body.image] },
        after: { image: body.image, url: null },
      });
      return readBranding(tx, session.licenseeUuid);
    }),
  );

  // The mood image comes as the request's body (up to 2 MB, beyond the JSON calls' 64 KiB): its own scope with the
  // body parser (Fastify encapsulation), so that every other call keeps JSON only.
  app.register(async (scope) => {
    addBinaryBodyParser(scope, ENDPOINTS.licenseeMoodUpload, LICENSEE_MOOD_MAX_BYTES);
    registerEndpoint(scope, db, ENDPOINTS.licenseeMoodUpload, async ({ body, session }) =>
      replaceImage(db, session, 'mood', body.filename, Buffer.from(body.file[UPLOADED_BYTES_MARKER])),
    );
  });
}

const IMAGE_COLUMN: Record<LicenseeImage, 'logo_file_uuid' | 'mood_file_uuid'> = {
  logo: 'logo_file_uuid',
  mood: 'mood_file_uuid',
};
const IMAGE_MAX_BYTES: Record<LicenseeImage, number> = { logo: LICENSEE_LOGO_MAX_BYTES, mood: LICENSEE_MOOD_MAX_BYTES };

/**
 * A new logo or mood image: checked by its content (PNG, JPEG or WebP; the name must promise the same, so a renamed
 * executable or an SVG is refused), stored as a new file and recorded in the audit with the address it replaces.
 */
async function replaceImage(
  db: Database,
  session: LicenseeSessionContext,
  image: LicenseeImage,
  filename: string,
  content: Buffer,
): Promise<LicenseeBranding> {
  if (content.length > IMAGE_MAX_BYTES[image]) throw new ApiHttpError(413, 'Request.TooLarge');
  const type = logoTypeOf(content);
  if (!type || logoTypeOfName(filename) !== type) throw new ApiHttpError(400, 'File.InvalidType');
  return db.transaction(async (tx) => {
    const before = await readBranding(tx, session.licenseeUuid, true);
    const [file] = await tx.query<{ uuid: string }>(
      `INSERT INTO file (context, type, filename, content_type, content, client_uuid)
       VALUES ('licensee', $1, $2, $3, $4, NULL) RETURNING uuid`,
      [image, `${image}.${LOGO_EXTENSION[type]}`, type, content],
    );
    if (!file) throw new ApiHttpError(500, 'Generic.PersistFailed');
    await tx.query(`UPDATE licensee SET ${IMAGE_COLUMN[image]} = $2 WHERE uuid = $1`, [
      session.licenseeUuid,
      file.uuid,
    ]);
    const after = await readBranding(tx, session.licenseeUuid);
    await writeLicenseeAudit(tx, session, {
      action: image === 'logo' ? 'branding.logo' : 'branding.mood',
      client: null,
      before: { url: before.images[image] },
      after: { url: after.images[image], filename, contentType: type, bytes: content.length },
    });
    // The old image's file stays: mails already sent show it by its address (a new image has a new one, so no cache
    // shows the old image on the sign-in page).
    return after;
  });
}
