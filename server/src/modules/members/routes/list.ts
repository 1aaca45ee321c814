import { ENDPOINTS, type MemberListItem } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../../core/db/database';
import { type KeyOrder, KeyOrderCache } from '../../../core/db/keyOrderCache';
import { GENERIC_PLAN_MARK } from '../../../core/db/postgresPrepared';
import { iso, lowerAsDatabase } from '../../../core/db/rows';
import { VersionedRowCache } from '../../../core/db/versionedRowCache';
import { registerEndpoint } from '../../../http/route';
import { memberListCondition } from '../listFilters';
import { MemberSearchIndex, type SearchRow } from '../searchIndex';

/**
 * ORDER BY columns per sort key: the key, then tie-breakers that make the order total. They follow the
 * member_list_* indexes (migration 001), so that a page is read from an index instead of sorting every member.
 */
const SORT_ORDERS: Record<string, { columns: readonly string[]; nullable: boolean }> = {
  lastName: { columns: ['last_name', 'first_name', 'uuid'], nullable: false },
  firstName: { columns: ['first_name', 'last_name', 'uuid'], nullable: false },
  username: { columns: ['username', 'uuid'], nullable: false },
  email: { columns: ['email', 'uuid'], nullable: true },
  role: { columns: ['role', 'last_name', 'first_name', 'uuid'], nullable: false },
  status: { columns: ['status', 'last_name', 'first_name', 'uuid'], nullable: false },
  lastLoginAt: { columns: ['last_login_at', 'uuid'], nullable: true },
};

/** `ORDER BY` list for table alias `alias`; a sort key never reaches SQL unless it is in SORT_ORDERS. */
function memberOrder(alias: string, sortBy: string, direction: 'asc' | 'desc'): string {
  const order = SORT_ORDERS[sortBy];
  if (!order) throw new Error(`Unknown sort key ${sortBy}`);
  const dir = direction === 'desc' ? 'DESC' : 'ASC';
  // NULLS LAST only where NULLs can occur: on a NOT NULL column it would keep PostgreSQL from reading an index
  // backwards for a descending sort.
  return order.columns
    .map((column, index) => `${alias}.${column} ${dir}${index === 0 && order.nullable ? ' NULLS LAST' : ''}`)
    .join(', ');
}

interface MemberRow {
  uuid: string;
  username: string;
  first_name: string;
  last_name: string;
  email: string | null;
  role: MemberListItem['role'];
  status: MemberListItem['status'];
  last_login_at: unknown;
}

function toListItem(row: MemberRow): MemberListItem {
  return {
    uuid: row.uuid,
    username: row.username,
    firstName: row.first_name,
    lastName: row.last_name,
    email: row.email,
    role: row.role,
    status: row.status,
    lastLoginAt: iso(row.last_login_at),
  };
}

/**
 * Every matching member's key in list order, as one string: PGlite hands over one row of 10,000 keys several
 * times faster than 10,000 rows. Lists longer than `maxKeys` answer only their total.
 */
async function readMemberOrder(
  db: Database,
  condition: string,
  params: unknown[],
  order: string,
  maxKeys: number,
): Promise<KeyOrder> {
  const [row] = await db.query<{ total: number; keys: string | null }>(
    `SELECT count(*)::int AS total,
            CASE WHEN count(*) <= ${maxKeys} THEN string_agg(m.uuid::text, ',' ORDER BY ${order}) END AS keys
       FROM member m WHERE ${condition}`,
    params,
  );
  const total = row?.total ?? 0;
  if (total > maxKeys) return { total, keys: null };
  return { total, keys: row?.keys ? row.keys.split(',') : [] };
}

/**
 * A client's members (not archived) in ascending `sortBy` order with what a search filters on, as one JSON text
 * (one row is much faster to hand over than 10,000 on PGlite); null when the client has more than `maxRows`.
 */
async function readSearchRows(
  db: Database,
  clientUuid: string,
  sortBy: string,
  maxRows: number,
): Promise<SearchRow[] | null> {
  const first = SORT_ORDERS[sortBy]?.columns[0];
  if (!first) throw new Error(`Unknown sort key ${sortBy}`);
  const [row] = await db.query<{ total: number; rows: string | null }>(
    `SELECT count(*)::int AS total,
            CASE WHEN count(*) <= ${maxRows} THEN
              json_agg(json_build_array(m.uuid, m.role, m.status, m.search_text, m.${first} IS NULL)
                       ORDER BY ${memberOrder('m', sortBy, 'asc')})::text END AS rows
       FROM member m WHERE m.client_uuid = $1 AND m.archived_at IS NULL`,
    [clientUuid],
  );
  if (!row || row.total > maxRows) return null;
  const tuples = JSON.parse(row.rows ?? '[]') as Array<[string, string, string, string, boolean]>;
  return tuples.map(([uuid, role, status, text, sortNull]) => ({ uuid, role, status, text, sortNull }));
}

const MEMBER_COLUMNS = 'r.uuid, r.username, r.first_name, r.last_name, r.email, r.role, r.status, r.last_login_at';

/** The member list: filtered, searched, sorted and paged, from orders and rows kept for the company version. */
export function registerListRoutes(app: FastifyInstance, db: Database): void {
  // The order of each filter and sort of a client's list, exact for the client's company version (see
  // KeyOrderCache): paging, re-sorting back and searching again read only the page's rows.
  const memberOrders = new KeyOrderCache('member-list-orders');
  // And the rows of the pages read, for the same version: every change of a member moves the version.
  const memberRows = new VersionedRowCache<MemberListItem>('member-list-rows');
  // Each client's members in the order of each sort key, for the same version: a list not asked for before (a new
  // search, filter or sort) is filtered in memory instead of scanned and sorted in the database.
  const memberSearch = new MemberSearchIndex();

  registerEndpoint(app, db, ENDPOINTS.memberList, async ({ body, session }) => {
    const params: unknown[] = [];
    // The same condition as the bulk calls that take the list's filter: they act on exactly these rows.
    const condition = memberListCondition(session, body.filter, params);
    const order = memberOrder('m', body.sortBy, body.sortDirection);
    const offset = (body.page - 1) * body.perPage;

    // A scoped list (ou- and loc-admins) and the org-unit and location filters depend on memberships as well, which
    // the company version follows too (migration 019): their order is read by SQL and kept like the others. The
    // client's members in memory (memberSearch) know no memberships, so only the client-wide lists use them.
    const needsMemberships =
      session.role === 'ou-admin' ||
      session.role === 'loc-admin' ||
      body.filter.orgUnitUuid !== undefined ||
      body.filter.locationUuid !== undefined;
    // The page's keys and the total: for the client-wide list from the client's members in memory (a walk over
    // one sort order, see SortedMembers), else from the order read by SQL and kept for the version.
    const sorted = needsMemberships
      ? null
      : await memberSearch.ascending(session.clientUuid, body.sortBy, session.companyVersion, () =>
          readSearchRows(db, session.clientUuid, body.sortBy, memberSearch.maxRowsPerClient),
        );
    // (null keys: too many to keep; the page is then read with OFFSET below.)
    let page: KeyOrder;
    if (sorted) {
      const term = body.filter.search;
      const search = term ? await lowerAsDatabase(db, term) : undefined;
      page = sorted.page(
        { search, status: body.filter.status, role: body.filter.role },
        body.sortDirection,
        offset,
        body.perPage,
      );
    } else {
      const keyOrder = await memberOrders.get(
        `${session.clientUuid}|${JSON.stringify([condition, params, order])}`,
        session.companyVersion,
        () => readMemberOrder(db, condition, params, order, memberOrders.maxKeysPerList),
      );
      page = { total: keyOrder.total, keys: keyOrder.keys?.slice(offset, offset + body.perPage) ?? null };
    }
    if (page.keys) {
      const keys = page.keys;
      const rows = await memberRows.get(session.clientUuid, session.companyVersion, keys, async (missing) =>
        (
          await db.query<MemberRow>(
            `SELECT ${MEMBER_COLUMNS} FROM member r WHERE r.uuid = ANY($1::uuid[]) AND r.client_uuid = $2 ${GENERIC_PLAN_MARK}`,
            [missing, session.clientUuid],
          )
        ).map((row): [string, MemberListItem] => [row.uuid, toListItem(row)]),
      );
      const items = keys.flatMap((uuid) => rows.get(uuid) ?? []);
      return { items, total: page.total };
    }

    // A list too long to keep its keys: the page's keys first (from the index alone, however deep the page), then
    // just those rows.
    const pageParams = [...params, body.perPage, offset];
    const rows = await db.query<MemberRow>(
      `SELECT ${MEMBER_COLUMNS}
         FROM (SELECT m.uuid FROM member m WHERE ${condition} ORDER BY ${order}
                LIMIT $${pageParams.length - 1} OFFSET $${pageParams.length}) page
         JOIN member r ON r.uuid = page.uuid
        ORDER BY ${memberOrder('r', body.sortBy, body.sortDirection)}`,
      pageParams,
    );
    return { items: rows.map(toListItem), total: page.total };
  });
}
