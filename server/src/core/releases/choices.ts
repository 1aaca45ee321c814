import { LICENSEE_TOKEN_PREFIX } from '@dash/shared-core';
import type { Queryable } from '../db/database';
import { hashToken } from '../sessions/sessions';

/** Whose page is loading: the release of each area is chosen for its client, else its licensee, else the default. */
export interface ReleaseScope {
  licenseeUuid: string | null;
  clientUuid: string | null;
}

/**
 * The scope of a page load: a member's session names its client (and the client's licensee), a licensee staff
 * session its licensee; a visitor gets the choices of the host's licensee (the sign-in pages).
 */
export async function scopeOfSession(
  db: Queryable,
  token: string | undefined,
  hostLicenseeUuid: string | null,
): Promise<ReleaseScope> {
  if (token && token.length <= 100) {
    if (token.startsWith(LICENSEE_TOKEN_PREFIX)) {
      const [staff] = await db.query<{ licensee_uuid: string }>(
        'SELECT licensee_uuid FROM licensee_session WHERE token_hash = $1 AND expires_at > now()',
        [hashToken(token)],
      );
      if (staff) return { licenseeUuid: staff.licensee_uuid, clientUuid: null };
    } else {
      const [member] = await db.query<{ client_uuid: string; licensee_uuid: string }>(
        `SELECT s.client_uuid, c.licensee_uuid FROM session s JOIN client c ON c.uuid = s.client_uuid
          WHERE s.token_hash = $1 AND s.expires_at > now()`,
        [hashToken(token)],
      );
      if (member) return { licenseeUuid: member.licensee_uuid, clientUuid: member.client_uuid };
    }
  }
  return { licenseeUuid: hostLicenseeUuid, clientUuid: null };
}

export interface ReleaseChoiceRow {
  area: string;
  licensee_uuid: string | null;
  client_uuid: string | null;
  release_id: string;
  chosen_at: unknown;
  chosen_by: string;
}

/** The choices that apply to the scope: the default, the licensee's and the client's, of every area. */
export async function choicesOfScope(db: Queryable, scope: ReleaseScope): Promise<ReleaseChoiceRow[]> {
  return db.query<ReleaseChoiceRow>(
    `SELECT area, licensee_uuid, client_uuid, release_id, chosen_at, chosen_by FROM area_release
      WHERE (licensee_uuid IS NULL AND client_uuid IS NULL) OR licensee_uuid = $1 OR client_uuid = $2`,
    [scope.licenseeUuid, scope.clientUuid],
  );
}

/** Area -> release id that applies: the client's choice over the licensee's over the default. */
export function effectiveChoices(rows: readonly ReleaseChoiceRow[]): Map<string, string> {
  const rank = (row: ReleaseChoiceRow) => (row.client_uuid ? 3 : row.licensee_uuid ? 2 : 1);
  const best = new Map<string, ReleaseChoiceRow>();
  for (const row of rows) {
    const kept = best.get(row.area);
    if (!kept || rank(row) > rank(kept)) best.set(row.area, row);
  }
  return new Map([...best].map(([area, row]) => [area, row.release_id]));
}

/**
 * Sets (or with `releaseId` null removes) one choice, in the caller's transaction; answers the choice before.
 * The caller checks that the release exists and fits, and that the scope is the caller's to change.
 */
export async function setChoice(
  tx: Queryable,
  choice: {
    area: string;
    licenseeUuid: string | null;
    clientUuid: string | null;
    releaseId: string | null;
    chosenBy: string;
  },
): Promise<string | null> {
  const scope =
    'area = $1 AND licensee_uuid IS NOT DISTINCT FROM $2::uuid AND client_uuid IS NOT DISTINCT FROM $3::uuid';
  const keys = [choice.area, choice.licenseeUuid, choice.clientUuid];
  if (choice.releaseId === null) {
    const [removed] = await tx.query<{ release_id: string }>(
      `DELETE FROM area_release WHERE ${scope} RETURNING release_id`,
      keys,
    );
    return removed?.release_id ?? null;
  }
  const [before] = await tx.query<{ release_id: string }>(`SELECT release_id FROM area_release WHERE ${scope}`, keys);
  // An upsert: two choices of one scope at once end as the later one, never as a failed call.
  await tx.query(
    `INSERT INTO area_release (area, licensee_uuid, client_uuid, release_id, chosen_by) VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (area, licensee_uuid, client_uuid)
     DO UPDATE SET release_id = EXCLUDED.release_id, chosen_by = EXCLUDED.chosen_by, chosen_at = now()`,
    [...keys, choice.releaseId, choice.chosenBy],
  );
  return before?.release_id ?? null;
}
