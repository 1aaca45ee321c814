import type { Queryable } from '../db/database';

/**
 * Who belongs where changed in a client: a member was created, archived, restored, deleted or imported, or the
 * members of an org unit or location changed. Work that follows from membership (the apps' tasks of assigned units)
 * subscribes here, and every module that changes membership calls `membershipChanged` inside its transaction, so
 * that the follow-up lands with the change or not at all. Subscribers must be set-based and idempotent: they bring
 * the client's derived rows in line with the memberships as they are now.
 */

/**
 * What changed, as narrowly as the caller knows it. A subscriber given `memberUuids` may limit its work to those
 * members (the rest of the client is unchanged); `null` means "anything may have changed": sync the whole client.
 */
export interface MembershipScope {
  memberUuids: readonly string[] | null;
  /** The named members were created in this transaction: they have nothing yet that a subscriber could take away. */
  newMembers?: boolean;
}

export type MembershipSubscriber = (tx: Queryable, clientUuid: string, scope: MembershipScope) => Promise<void>;

/**
 * The caller's description of a change. `memberUuids`: members whose memberships, status or task switches changed.
 * `orgUnitUuids`: units whose place in the tree changed (a move): their members and the members of every unit below
 * them are affected (e-learnings include sub-units). Neither given: the whole client is synced.
 */
export interface MembershipChange {
  memberUuids?: readonly string[];
  orgUnitUuids?: readonly string[];
  /** `memberUuids` are members created in this transaction (a create, an import): subscribers only add. */
  newMembers?: boolean;
}

const subscribers: MembershipSubscriber[] = [];

/** Subscribes once: pass a function defined at module level (a new closure per call would subscribe again). */
export function onMembershipChanged(subscriber: MembershipSubscriber): void {
  if (!subscribers.includes(subscriber)) subscribers.push(subscriber);
}

/** The members of some units and of every unit below them (not archived: archived members keep what they have). */
async function membersBelow(tx: Queryable, clientUuid: string, orgUnitUuids: readonly string[]): Promise<string[]> {
  const rows = await tx.query<{ member_uuid: string }>(
    `WITH RECURSIVE subtree AS (
       SELECT o.uuid FROM org_unit o WHERE o.client_uuid = $1 AND o.uuid = ANY ($2::uuid[])
       UNION
       SELECT c.uuid FROM org_unit c JOIN subtree s ON c.parent_uuid = s.uuid
     )
     SELECT DISTINCT om.member_uuid FROM org_unit_membership om JOIN subtree s ON s.uuid = om.org_unit_uuid`,
    [clientUuid, [...orgUnitUuids]],
  );
  return rows.map((row) => row.member_uuid);
}

/**
 * Runs every subscriber inside the caller's transaction. With a narrow change and nobody affected (e.g. adding
 * members who were in the unit already) there is nothing to do.
 */
export async function membershipChanged(tx: Queryable, clientUuid: string, change: MembershipChange = {}) {
  let memberUuids: string[] | null = null;
  if (change.memberUuids !== undefined || change.orgUnitUuids !== undefined) {
    const affected = new Set(change.memberUuids ?? []);
    if (change.orgUnitUuids && change.orgUnitUuids.length > 0) {
      for (const uuid of await membersBelow(tx, clientUuid, change.orgUnitUuids)) affected.add(uuid);
    }
    if (affected.size === 0) return;
    memberUuids = [...affected];
  }
  const newMembers = change.newMembers === true && memberUuids !== null && !change.orgUnitUuids?.length;
  for (const subscriber of subscribers) await subscriber(tx, clientUuid, { memberUuids, newMembers });
}
