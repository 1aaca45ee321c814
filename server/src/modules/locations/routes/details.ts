import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { membershipChanged } from '../../../core/events/membershipEvents';
import { registerEndpoint } from '../../../http/route';
import { withUniqueName } from '../../shared/assignedMembers';
import { assertOfferedCountry } from '../../shared/offeredCountries';
import { auditedFields, checkResponsibleMembers, fieldParams, readLocation, setResponsibleMembers } from '../lookups';

/** A location's details page: reading the location and changing its fields and responsible members. */
export function registerLocationDetailRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.locationDetail, async ({ body, session }) =>
    readLocation(db, session, body.uuid),
  );

  registerEndpoint(app, db, ENDPOINTS.updateLocationDetail, async ({ body, session }) =>
    withUniqueName('Location.IdExists', () =>
      db.transaction(async (tx) => {
        const before = await readLocation(tx, session, body.uuid, true);
        assertOfferedCountry(session.client.offeredCountries, body.countryCode, before.countryCode);
        const responsible = await checkResponsibleMembers(tx, session.clientUuid, body.responsibleMemberUuids);
        await tx.query(
          `UPDATE location SET name = $2, city = $3, country_code = $4, location_type = $5, floor_space = $6,
                              street = $7, postal_code = $8
            WHERE uuid = $1`,
          [body.uuid, ...fieldParams(body)],
        );
        const changes = await setResponsibleMembers(
          tx,
          body.uuid,
          before.responsibleMembers.map((member) => member.uuid),
          responsible,
        );
        // An inspection of the location goes to its responsible members: those who were and those who are.
        const responsibleBefore = before.responsibleMembers.map((member) => member.uuid);
        await membershipChanged(tx, session.clientUuid, { memberUuids: [...responsibleBefore, ...responsible] });
        const after = await readLocation(tx, session, body.uuid);
        await recordAudit(tx, session, [
          {
            action: 'location.update',
            entityType: 'location',
            entityUuid: body.uuid,
            before: auditedFields(before),
            after: auditedFields(after),
          },
          ...changes,
        ]);
        return after;
      }),
    ),
  );
}
