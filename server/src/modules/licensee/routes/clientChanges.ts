import { DEFAULT_OFFERED_COUNTRIES } from '@dash/shared-core';
import { ENDPOINTS, type LicenseeClientFields } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { ServerConfig } from '../../../config';
import type { Database, Queryable } from '../../../core/db/database';
import { isUniqueViolation } from '../../../core/db/errorCodes';
import { membershipChanged } from '../../../core/events/membershipEvents';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { sendWelcomeMail } from '../../auth/passwordReset';
import { LOCK_MEMBER_CHANGES } from '../../members/licence';
import { auditedFields, changedValues, writeLicenseeAudit } from '../audit';
import { assertValidClientFields, assertValidClientIdentifier, clientOfLicensee } from '../clientRecord';

function identifierTaken(error: unknown): never {
  if (isUniqueViolation(error)) throw new ApiHttpError(409, 'Client.IdentifierExists');
  throw error;
}

/** The fields as the columns' parameters $2..$13 of the insert and the update, in one order. */
function fieldParams(fields: LicenseeClientFields): unknown[] {
  return [
    fields.name,
    fields.street ?? null,
    fields.additional ?? null,
    fields.postalCode ?? null,
    fields.city ?? null,
    fields.country,
    fields.homepage ?? null,
    fields.maxMembers,
    fields.featureFlags.elearnings,
    fields.featureFlags.riskAssessments,
    fields.featureFlags.templates,
    fields.featureFlags.calendar,
  ];
}

/**
 * A member limit below the members the client has (not archived) is refused: 409 Client.MaxMembersBelowCount. Under
 * the client's member-change lock (members/licence.ts), so that members created at the same moment are counted.
 */
async function assertLimitHolds(tx: Queryable, clientUuid: string, maxMembers: number | null): Promise<void> {
  await tx.query(LOCK_MEMBER_CHANGES, [clientUuid]);
  if (maxMembers === null) return;
  const [row] = await tx.query<{ used: number }>(
    'SELECT count(*)::int AS used FROM member WHERE client_uuid = $1 AND archived_at IS NULL',
    [clientUuid],
  );
  if ((row?.used ?? 0) > maxMembers) throw new ApiHttpError(409, 'Client.MaxMembersBelowCount');
}

/** Create, change, deactivate and reactivate the licensee's clients. */
export function registerClientChangeRoutes(app: FastifyInstance, db: Database, config: ServerConfig): void {
  registerEndpoint(app, db, ENDPOINTS.licenseeClientCreate, async ({ body, session }) => {
    assertValidClientIdentifier(body.clientIdentifier);
    assertValidClientFields(body, DEFAULT_OFFERED_COUNTRIES);
    const created = await db.transaction(async (tx) => {
      const [client] = await tx
        .query<{ uuid: string }>(
          `INSERT INTO client (licensee_uuid, identifier, name, street, additional, postal_code, city, country,
                               homepage, max_members, feature_elearnings, feature_risk_assessments,
                               feature_templates, feature_calendar, offered_countries)
           VALUES ($1, $14, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $15) RETURNING uuid`,
          [
            session.licenseeUuid,
            ...fieldParams(body),
            body.clientIdentifier,
            body.offeredCountries ?? DEFAULT_OFFERED_COUNTRIES,
          ],
        )
        .catch(identifierTaken);
      if (!client) throw new ApiHttpError(500, 'Generic.PersistFailed');
      // The root org unit is also the default unit: it holds every member without rows of its own (migration 006).
      await tx.query('INSERT INTO org_unit (client_uuid, name, is_root, is_default) VALUES ($1, $2, true, true)', [
        client.uuid,
        body.name,
      ]);
      const { superAdmin } = body;
      const [member] = await tx.query<{ uuid: string }>(
        `INSERT INTO member (client_uuid, username, role, email, first_name, last_name, language)
         VALUES ($1, $2, 'super-admin', $3, $4, $5, $6) RETURNING uuid`,
        [
          client.uuid,
          superAdmin.username,
          superAdmin.email,
          superAdmin.firstName,
          superAdmin.lastName,
          superAdmin.language,
        ],
      );
      if (!member) throw new ApiHttpError(500, 'Generic.PersistFailed');
      await membershipChanged(tx, client.uuid, { memberUuids: [member.uuid], newMembers: true });
      const record = await clientOfLicensee(tx, session.licenseeUuid, client.uuid);
      await writeLicenseeAudit(tx, session, {
        action: 'client.create',
        client: record,
        before: null,
        after: {
          ...auditedFields(record),
          superAdmin: { username: superAdmin.username, email: superAdmin.email },
        },
      });
      return { uuid: client.uuid, superAdminUuid: member.uuid };
    });
    // After the commit, as for a member created with a welcome mail: the link must point at a member that exists. A
    // mail server that refuses does not undo the client; the answer says so (a reset can be asked for later).
    let welcomeMailSent = false;
    try {
      await sendWelcomeMail({ db, mailer: app.mailer, publicUrl: config.publicUrl }, created.superAdminUuid);
      welcomeMailSent = true;
    } catch (error) {
      app.log.warn({ err: error, member: created.superAdminUuid }, 'welcome mail of a new client not sent');
    }
    return { ...created, welcomeMailSent };
  });

  registerEndpoint(app, db, ENDPOINTS.licenseeClientUpdate, async ({ body, session }) => {
    return db.transaction(async (tx) => {
      const before = await clientOfLicensee(tx, session.licenseeUuid, body.uuid, true);
      assertValidClientFields(body, before.offeredCountries, before.country);
      await assertLimitHolds(tx, body.uuid, body.maxMembers);
      await tx.query(
        `UPDATE client SET name = $2, street = $3, additional = $4, postal_code = $5, city = $6, country = $7,
                           homepage = $8, max_members = $9, feature_elearnings = $10,
                           feature_risk_assessments = $11, feature_templates = $12, feature_calendar = $13,
                           offered_countries = coalesce($15::text[], offered_countries)
          WHERE uuid = $1 AND licensee_uuid = $14`,
        [body.uuid, ...fieldParams(body), session.licenseeUuid, body.offeredCountries ?? null],
      );
      const after = await clientOfLicensee(tx, session.licenseeUuid, body.uuid);
      const changed = changedValues(auditedFields(before), auditedFields(after));
      // Saving the form unchanged is no change.
      if (Object.keys(changed.after).length > 0) {
        await writeLicenseeAudit(tx, session, { action: 'client.update', client: after, ...changed });
      }
      return after;
    });
  });

  registerEndpoint(app, db, ENDPOINTS.licenseeClientSetStatus, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const before = await clientOfLicensee(tx, session.licenseeUuid, body.uuid, true);
      // Deactivating again keeps the first date; nothing of the client is deleted but its members' sessions.
      await tx.query(
        `UPDATE client SET deactivated_at = CASE WHEN $2 THEN NULL ELSE coalesce(deactivated_at, now()) END
          WHERE uuid = $1 AND licensee_uuid = $3`,
        [body.uuid, body.active, session.licenseeUuid],
      );
      if (!body.active) await tx.query('DELETE FROM session WHERE client_uuid = $1', [body.uuid]);
      const after = await clientOfLicensee(tx, session.licenseeUuid, body.uuid);
      if (before.active !== after.active) {
        await writeLicenseeAudit(tx, session, {
          action: after.active ? 'client.reactivate' : 'client.deactivate',
          client: after,
          before: { active: before.active },
          after: { active: after.active },
        });
      }
      return after;
    }),
  );
}
