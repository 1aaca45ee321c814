import type { SessionContext } from '../sessions/sessions';

/**
 * Which rows the signed-in member may see and change, as SQL conditions. Every company call builds on these, so
 * that the rules live in one place:
 * - everybody's calls are limited to the session's client;
 * - an ou-admin works only on the org units he administers and their members (the default unit, which holds
 *   everybody, makes him see the whole client);
 * - a loc-admin works only on the locations he is responsible for and their members.
 * Each function appends its parameters to `params` and answers a condition on the given table alias.
 */
export function visibleMembers(session: SessionContext, params: unknown[], alias = 'm'): string {
  params.push(session.clientUuid);
  let condition = `${alias}.client_uuid = $${params.length}`;
  if (session.role === 'ou-admin') {
    params.push(session.memberUuid);
    condition += ` AND EXISTS (SELECT 1 FROM org_unit_admin oa JOIN org_unit_membership om ON om.org_unit_uuid = oa.org_unit_uuid
                               WHERE oa.member_uuid = $${params.length} AND om.member_uuid = ${alias}.uuid)`;
  } else if (session.role === 'loc-admin') {
    params.push(session.memberUuid);
    condition += ` AND EXISTS (SELECT 1 FROM location_member mine JOIN location_member theirs ON theirs.location_uuid = mine.location_uuid
                               WHERE mine.member_uuid = $${params.length} AND mine.responsible AND theirs.member_uuid = ${alias}.uuid)`;
  }
  return condition;
}

/** Org units: the client's; an ou-admin only those he administers. Alias of `org_unit`. */
export function visibleOrgUnits(session: SessionContext, params: unknown[], alias = 'o'): string {
  params.push(session.clientUuid);
  let condition = `${alias}.client_uuid = $${params.length}`;
  if (session.role === 'ou-admin') {
    params.push(session.memberUuid);
    condition += ` AND EXISTS (SELECT 1 FROM org_unit_admin oa WHERE oa.org_unit_uuid = ${alias}.uuid AND oa.member_uuid = $${params.length})`;
  }
  return condition;
}

/** Locations: the client's; a loc-admin only those he is responsible for. Alias of `location`. */
export function visibleLocations(session: SessionContext, params: unknown[], alias = 'l'): string {
  params.push(session.clientUuid);
  let condition = `${alias}.client_uuid = $${params.length}`;
  if (session.role === 'loc-admin') {
    params.push(session.memberUuid);
    condition += ` AND EXISTS (SELECT 1 FROM location_member lm WHERE lm.location_uuid = ${alias}.uuid AND lm.member_uuid = $${params.length} AND lm.responsible)`;
  }
  return condition;
}

/**
 * Who reads, as far as it changes what a call answers: the whole client ('' for every admin and super-admin alike),
 * or an ou-admin's or loc-admin's own part of it. Part of the key of answers kept between calls (KeptAnswers).
 */
export function readerScope(session: SessionContext): string {
  return session.role === 'ou-admin' || session.role === 'loc-admin' ? `${session.role}:${session.memberUuid}` : '';
}
