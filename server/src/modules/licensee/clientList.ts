import type { LicenseeClientListItem, licenseeClientListRequestSchema } from '@dash/shared-core/contract';
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { FEATURE_FLAG_COLUMNS, type FeatureFlagRow, featureFlagsOf } from '../../core/access/featureFlags';
import { countLookups } from '../../core/db/cacheLookups';
import type { Queryable } from '../../core/db/database';
import { iso, likePattern, lowerAsDatabase, orderBy } from '../../core/db/rows';
import { VersionedCache } from '../../core/db/versionedCache';

/** Each sort key's column; migration 024 has an index (licensee_uuid, column, uuid) for each. None is ever empty. */
export const CLIENT_SORT_COLUMNS = {
  name: 'lower(c.name)',
  clientIdentifier: 'c.identifier',
  createdAt: 'c.created_at',
} as const;

export type ClientSortKey = keyof typeof CLIENT_SORT_COLUMNS;

/** A client as the list shows it, without the member count (that moves with every member, not with the version). */
export type DirectoryClient = Omit<LicenseeClientListItem, 'memberCount'>;

export interface ClientFilter {
  /** Already lower-cased the database's way (lowerAsDatabase). */
  search?: string;
  status: 'all' | 'active' | 'inactive';
}

/** The columns the list shows and filters by: migration 037 moves the licensee's version when any of them changes. */
export interface ClientListRow extends FeatureFlagRow {
  uuid: string;
  identifier: string;
  name: string;
  city: string | null;
  country: string;
  active: boolean;
  max_members: number | null;
  created_at: unknown;
}

export const CLIENT_LIST_COLUMNS = `c.uuid, c.identifier, c.name, c.city, c.country, c.deactivated_at IS NULL AS active,
  c.max_members, ${FEATURE_FLAG_COLUMNS}, c.created_at`;

export function directoryClientOf(row: ClientListRow): DirectoryClient {
  return {
    uuid: row.uuid,
    clientIdentifier: row.identifier,
    name: row.name,
    city: row.city,
    country: row.country,
    active: row.active,
    maxMembers: row.max_members,
    featureFlags: featureFlagsOf(row),
    createdAt: iso(row.created_at) ?? '',
  };
}

/** One client in the kept order: what the list shows and the text its search looks in (migration 036). */
interface KeptClient {
  client: DirectoryClient;
  searchText: string;
}

/**
 * A licensee's clients in the database's ascending order of each sort key, kept for the licensee's client list version
 * (migration 037, read with the session), so that a search, a status filter, a sort or a page is answered by walking
 * that order in memory instead of the database scanning, counting and sorting every client of the licensee per call
 * (on the embedded database, with thousands of clients, more than the list's latency goal allows under load). Only
 * the page's member counts are read per call.
 *
 * Results stay exactly the database's: the order is the database's own (its collation), descending is the exact
 * reverse of ascending (no sort column is ever empty and the tie-breaker flips with it), and the search is the same
 * substring test as `search_text LIKE '%term%'` with wildcards taken literally. A licensee with more than
 * `maxClientsPerLicensee` clients is not kept (the caller reads from the database).
 */
export class ClientDirectory {
  private readonly orders: VersionedCache<readonly KeptClient[] | null>;

  constructor(
    private readonly maxClientsPerLicensee = 50_000,
    maxClientsInAll = 150_000,
  ) {
    this.orders = new VersionedCache(maxClientsInAll, (kept) => kept?.length ?? 1, 'licensee-client-directory');
  }

  /** The licensee's clients in ascending order of `sortBy` at `version`, or null: too many to keep. */
  ascending(
    db: Queryable,
    licenseeUuid: string,
    sortBy: ClientSortKey,
    version: string,
  ): Promise<readonly KeptClient[] | null> {
    return this.orders.get(`${licenseeUuid}|${sortBy}`, version, async () => {
      const rows = await db.query<ClientListRow & { search_text: string }>(
        `SELECT ${CLIENT_LIST_COLUMNS}, c.search_text
           FROM client c WHERE c.licensee_uuid = $1
          ORDER BY ${CLIENT_SORT_COLUMNS[sortBy]}, c.uuid LIMIT $2`,
        [licenseeUuid, this.maxClientsPerLicensee + 1],
      );
      if (rows.length > this.maxClientsPerLicensee) return null;
      return rows.map((row) => ({ client: directoryClientOf(row), searchText: row.search_text }));
    });
  }
}

/** One page of the clients that pass `filter`, in the order asked for, and how many pass in all. */
export function clientPage(
  ascending: readonly KeptClient[],
  filter: ClientFilter,
  direction: 'asc' | 'desc',
  offset: number,
  limit: number,
): { total: number; clients: DirectoryClient[] } {
  const clients: DirectoryClient[] = [];
  let total = 0;
  const last = ascending.length - 1;
  for (let step = 0; step <= last; step++) {
    const kept = ascending[direction === 'asc' ? step : last - step] as KeptClient;
    if (filter.search !== undefined && !kept.searchText.includes(filter.search)) continue;
    if (filter.status !== 'all' && kept.client.active !== (filter.status === 'active')) continue;
    if (total >= offset && clients.length < limit) clients.push(kept.client);
    total++;
  }
  return { total, clients };
}

/**
 * The members (not archived) of each client of a page, kept per client for the client's company version (data_version
 * of migration 019: it moves at the commit of every change of the client's members or structure), so that a page
 * whose clients' members did not change since they were last counted costs one primary-key read of their versions
 * instead of counting every member again (25 clients of 1,000 members each: 25,000 index entries per page). Count and
 * version are read by one statement, so a kept count is exactly the one of its version.
 */
export class MemberCounts {
  private readonly kept: LRUCache<string, { version: bigint; count: number }>;

  constructor(maxClients = 100_000) {
    this.kept = new LRUCache({ max: maxClients });
  }

  async of(db: Queryable, clientUuids: readonly string[]): Promise<Map<string, number>> {
    const counts = new Map<string, number>();
    if (clientUuids.length === 0) return counts;
    const versions = await db.query<{ uuid: string; version: string }>(
      `SELECT c.uuid::text AS uuid, coalesce(v.version, 0)::text AS version
         FROM unnest($1::uuid[]) AS c (uuid)
         LEFT JOIN data_version v ON v.scope = 'company' AND v.key = c.uuid`,
      [clientUuids],
    );
    const missing: string[] = [];
    for (const row of versions) {
      const kept = this.kept.get(row.uuid);
      if (kept?.version === BigInt(row.version)) counts.set(row.uuid, kept.count);
      else missing.push(row.uuid);
    }
    countLookups('licensee-client-member-counts', 'hit', counts.size);
    countLookups('licensee-client-member-counts', 'miss', missing.length);
    if (missing.length === 0) return counts;
    const counted = await db.query<{ uuid: string; version: string; member_count: number }>(
      `SELECT c.uuid::text AS uuid, coalesce(v.version, 0)::text AS version,
              (SELECT count(*)::int FROM member m WHERE m.client_uuid = c.uuid AND m.archived_at IS NULL) AS member_count
         FROM unnest($1::uuid[]) AS c (uuid)
         LEFT JOIN data_version v ON v.scope = 'company' AND v.key = c.uuid`,
      [missing],
    );
    for (const row of counted) {
      counts.set(row.uuid, row.member_count);
      const version = BigInt(row.version);
      const kept = this.kept.peek(row.uuid);
      // Versions only grow: a slow read of an older version never replaces a newer one.
      if (!kept || kept.version <= version) this.kept.set(row.uuid, { version, count: row.member_count });
    }
    return counts;
  }
}

const NO_EMPTY_COLUMNS: ReadonlySet<string> = new Set();

export type ClientListBody = z.output<typeof licenseeClientListRequestSchema>;

/**
 * The rows the filter leaves, as SQL written for this filter: a term or a status the caller did not give is left out
 * of the statement instead of written as `($2 IS NULL OR …)`, so that each statement's plan fits every call that uses
 * it (a prepared statement keeps one plan: with the catch-all predicates it planned every call again).
 */
function clientsWhere(licenseeUuid: string, filter: { search?: string; status: 'all' | 'active' | 'inactive' }) {
  const params: unknown[] = [licenseeUuid];
  let where = 'FROM client c WHERE c.licensee_uuid = $1';
  if (filter.search) {
    params.push(likePattern(filter.search));
    // search_text is lower(name \n identifier) (migration 036): one LIKE instead of ILIKE on two columns.
    where += ` AND c.search_text LIKE lower($${params.length})`;
  }
  if (filter.status !== 'all') where += ` AND c.deactivated_at IS ${filter.status === 'active' ? '' : 'NOT '}NULL`;
  return { where, params };
}

/**
 * One page of the licensee's clients read by the database (a licensee too large for the directory): the page, its
 * clients' member counts and the total in one statement, as each round trip costs more than the counting.
 */
export async function clientPageFromDatabase(
  db: Queryable,
  licenseeUuid: string,
  body: ClientListBody,
): Promise<{ items: LicenseeClientListItem[]; total: number }> {
  const { where, params } = clientsWhere(licenseeUuid, body.filter);
  // Name, identifier and creation date are never empty: each index serves both directions.
  const order = orderBy(CLIENT_SORT_COLUMNS, body.sortBy, body.sortDirection, 'c.uuid', NO_EMPTY_COLUMNS);
  const limit = params.length + 1;
  // The outer query is called `c` as well, so that the same ORDER BY sorts the page's rows again.
  const rows = await db.query<ClientListRow & { member_count: number; total: number }>(
    `SELECT c.*,
            (SELECT count(*)::int FROM member m WHERE m.client_uuid = c.uuid AND m.archived_at IS NULL) AS member_count,
            (SELECT count(*)::int AS total ${where}) AS total
       FROM (SELECT ${CLIENT_LIST_COLUMNS} ${where} ${order} LIMIT $${limit} OFFSET $${limit + 1}) c
      ${order}`,
    [...params, body.perPage, (body.page - 1) * body.perPage],
  );
  // A page past the end has no row to carry the total.
  const total =
    rows[0]?.total ??
    (await db.query<{ total: number }>(`SELECT count(*)::int AS total ${where}`, params))[0]?.total ??
    0;
  return { items: rows.map((row) => ({ ...directoryClientOf(row), memberCount: row.member_count })), total };
}

/**
 * One page of the licensee's clients at `version` (the session's client list version): filtered, sorted and paged in
 * the directory, with the page's member counts read; read by the database for a licensee too large to keep.
 */
export async function listClients(
  db: Queryable,
  { directory, memberCounts }: { directory: ClientDirectory; memberCounts: MemberCounts },
  licenseeUuid: string,
  version: string,
  body: ClientListBody,
): Promise<{ items: LicenseeClientListItem[]; total: number }> {
  const ascending = await directory.ascending(db, licenseeUuid, body.sortBy, version);
  if (!ascending) return clientPageFromDatabase(db, licenseeUuid, body);
  const search = body.filter.search ? await lowerAsDatabase(db, body.filter.search) : undefined;
  const { total, clients } = clientPage(
    ascending,
    { search, status: body.filter.status },
    body.sortDirection,
    (body.page - 1) * body.perPage,
    body.perPage,
  );
  const counts = await memberCounts.of(
    db,
    clients.map((client) => client.uuid),
  );
  return { items: clients.map((client) => ({ ...client, memberCount: counts.get(client.uuid) ?? 0 })), total };
}
