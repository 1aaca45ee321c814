import { crc32, deflateSync } from 'node:zlib';
import type { Queryable } from '../core/db/database';

export interface InstructionSeedContext {
  client: string;
  /** The administrator who held the instructions (acme/admin). */
  instructor: string;
  /** Lager München: the yearly warehouse instruction. */
  warehouse: string;
  /** The root org unit (everybody): the fire-safety instruction. */
  everyone: string;
}

function chunk(type: string, body: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  const typed = Buffer.concat([Buffer.from(type, 'latin1'), body]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A drawn-looking signature as RGBA PNG (a wave with a flourish, different per `seed`), as the pad would export. */
export function demoSignaturePng(seed: number, width = 240, height = 80): Buffer {
  const row = 1 + width * 4;
  const pixels = Buffer.alloc(height * row);
  const plot = (x: number, y: number) => {
    for (let dx = 0; dx < 2; dx += 1) {
      for (let dy = 0; dy < 2; dy += 1) {
        const px = Math.round(x) + dx;
        const py = Math.round(y) + dy;
        if (px < 0 || py < 0 || px >= width || py >= height) continue;
        const at = py * row + 1 + px * 4;
        pixels[at] = 11;
        pixels[at + 1] = 31;
        pixels[at + 2] = 77;
        pixels[at + 3] = 255;
      }
    }
  };
  const amplitude = 14 + (seed % 5) * 3;
  const frequency = 0.05 + (seed % 7) * 0.01;
  for (let x = 12; x < width - 12; x += 0.25) {
    plot(x, height / 2 + Math.sin(x * frequency + seed) * amplitude * Math.exp(-x / (width * 1.4)));
  }
  for (let t = 0; t < Math.PI * 2; t += 0.02) plot(40 + Math.cos(t) * 14, height / 2 - 6 + Math.sin(t) * 22);
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 6;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/**
 * Two instructions of acme (docs/instructions.md): the yearly warehouse instruction at Lager München three weeks ago,
 * most of the staff signed, the rest overdue; and the fire-safety instruction for everybody last week, a few signed
 * (acme/member has it to sign).
 */
export async function seedInstructions(tx: Queryable, context: InstructionSeedContext): Promise<void> {
  const instructions = [
    {
      title: 'Jährliche Sicherheitsunterweisung Lager',
      daysAgo: 21,
      targetType: 'location',
      target: context.warehouse,
      table: 'location',
      signEvery: 1.4,
    },
    {
      title: 'Brandschutzunterweisung',
      daysAgo: 6,
      targetType: 'org-unit',
      target: context.everyone,
      table: 'org_unit',
      signEvery: 4,
    },
  ] as const;
  const [instructor] = await tx.query<{ name: string }>(
    "SELECT first_name || ' ' || last_name AS name FROM member WHERE uuid = $1",
    [context.instructor],
  );
  for (const instruction of instructions) {
    const [made] = await tx.query<{ uuid: string }>(
      `INSERT INTO instruction (client_uuid, title, held_on, instructor_name, instructor_member_uuid, target_type,
                                target_uuid, target_name, confirm_by, created_by_member_uuid, created_at)
       SELECT $1, $2, current_date - $3::int, $4, $5, $6, $7, t.name, current_date - $3::int + 14, $5,
              now() - make_interval(days => $3::int)
         FROM ${instruction.table} t WHERE t.uuid = $7
       RETURNING uuid`,
      [
        context.client,
        instruction.title,
        instruction.daysAgo,
        instructor?.name ?? 'Sicherheitsfachkraft',
        context.instructor,
        instruction.targetType,
        instruction.target,
      ],
    );
    const members =
      instruction.targetType === 'location'
        ? await tx.query<{ uuid: string; name: string; username: string }>(
            `SELECT m.uuid, m.first_name || ' ' || m.last_name AS name, m.username FROM location_member lm
               JOIN member m ON m.uuid = lm.member_uuid WHERE lm.location_uuid = $1 AND m.archived_at IS NULL
              ORDER BY m.last_name, m.first_name`,
            [instruction.target],
          )
        : await tx.query<{ uuid: string; name: string; username: string }>(
            `SELECT m.uuid, m.first_name || ' ' || m.last_name AS name, m.username FROM org_unit_membership om
               JOIN member m ON m.uuid = om.member_uuid WHERE om.org_unit_uuid = $1 ORDER BY m.last_name, m.first_name`,
            [instruction.target],
          );
    let confirmed = 0;
    for (const [index, member] of members.entries()) {
      // The demo member keeps both to sign himself; of the others, every n-th signed on the day.
      const signs = member.username !== 'member' && Math.floor(index % instruction.signEvery) === 0;
      if (signs) confirmed += 1;
      await tx.query(
        `INSERT INTO instruction_attendance (instruction_uuid, client_uuid, member_uuid, member_name, due_date,
                                             confirmed_at, signed_on, signature_png, next_due_date)
         VALUES ($1, $2, $3, $4, current_date - $5::int + 14,
                 CASE WHEN $6 THEN now() - make_interval(days => $5::int) END,
                 CASE WHEN $6 THEN 'instructor-device' END, $7,
                 CASE WHEN $6 THEN (current_date - $5::int + interval '12 months')::date END)`,
        [
          made?.uuid,
          context.client,
          member.uuid,
          member.name,
          instruction.daysAgo,
          signs,
          signs ? demoSignaturePng(index) : null,
        ],
      );
    }
    await tx.query('UPDATE instruction SET attendee_count = $2, confirmed_count = $3 WHERE uuid = $1', [
      made?.uuid,
      members.length,
      confirmed,
    ]);
  }
}

/** Topics the benchmark's instructions cycle through (the list's search finds them by word). */
export const BENCH_INSTRUCTION_TOPICS = [
  'Jährliche Sicherheitsunterweisung Lager',
  'Brandschutzunterweisung',
  'Erste Hilfe im Betrieb',
  'Gabelstapler und Flurförderzeuge',
  'Leitern und Tritte',
  'Gefahrstoffe am Arbeitsplatz',
  'Bildschirmarbeit und Ergonomie',
  'Lärmschutz in der Halle',
  'Persönliche Schutzausrüstung',
  'Heben und Tragen',
  'Elektrische Betriebsmittel',
  'Verhalten bei Unfällen',
  'Hautschutz und Handschuhe',
  'Maschinensicherheit Presse',
  'Ladungssicherung',
  'Arbeiten in der Höhe',
] as const;

/**
 * The instruction list of the benchmark's large client (scripts/bench/instructions.mjs): `count` instructions over
 * the last three years, half for one of its locations (about 200 members each), half for an org unit (about 50), with
 * an attendance row per member, four in five signed; set-based, a few statements.
 */
export async function seedBenchInstructions(tx: Queryable, clientUuid: string, count = 1500): Promise<void> {
  await tx.query(
    `WITH locations AS (SELECT array_agg(uuid ORDER BY name) AS uuids FROM location WHERE client_uuid = $1),
          units AS (SELECT array_agg(uuid ORDER BY name) AS uuids FROM org_unit WHERE client_uuid = $1 AND NOT is_root),
          planned AS (
            SELECT n, ($2::text[])[1 + n % cardinality($2::text[])] AS title,
                   current_date - (n * 11) % 1095 AS held_on,
                   CASE WHEN n % 2 = 0 THEN 'location' ELSE 'org-unit' END AS target_type,
                   CASE WHEN n % 2 = 0 THEN l.uuids[1 + n % cardinality(l.uuids)]
                        ELSE u.uuids[1 + n % cardinality(u.uuids)] END AS target_uuid,
                   CASE WHEN n % 12 = 0 THEN 24 ELSE 12 END AS repeat_months
              FROM generate_series(1, $3::int) AS n, locations l, units u)
     INSERT INTO instruction (client_uuid, title, held_on, instructor_name, target_type, target_uuid, target_name,
                              repeat_interval_months, confirm_by, created_at)
     SELECT $1, p.title, p.held_on, 'Sicherheitsfachkraft ' || (1 + p.n % 7), p.target_type, p.target_uuid,
            coalesce(lo.name, ou.name), p.repeat_months, p.held_on + 14, p.held_on
       FROM planned p LEFT JOIN location lo ON lo.uuid = p.target_uuid LEFT JOIN org_unit ou ON ou.uuid = p.target_uuid`,
    [clientUuid, BENCH_INSTRUCTION_TOPICS, count],
  );
  await tx.query(
    `INSERT INTO instruction_attendance (instruction_uuid, client_uuid, member_uuid, member_name, due_date,
                                         confirmed_at, signed_on, signature_png, next_due_date)
     SELECT i.uuid, $1, m.uuid, m.first_name || ' ' || m.last_name, i.confirm_by,
            CASE WHEN signed THEN i.held_on::timestamptz END, CASE WHEN signed THEN 'instructor-device' END,
            CASE WHEN signed THEN $2::bytea END,
            CASE WHEN signed THEN (i.held_on + make_interval(months => i.repeat_interval_months))::date END
       FROM instruction i
       JOIN LATERAL (SELECT lm.member_uuid FROM location_member lm WHERE lm.location_uuid = i.target_uuid
                     UNION ALL
                     SELECT om.member_uuid FROM org_unit_member om WHERE om.org_unit_uuid = i.target_uuid) x ON true
       JOIN member m ON m.uuid = x.member_uuid AND m.archived_at IS NULL
       CROSS JOIN LATERAL (SELECT hashtext(i.uuid::text || m.uuid::text) % 5 <> 0 AS signed) s
      WHERE i.client_uuid = $1`,
    [clientUuid, demoSignaturePng(1)],
  );
  await tx.query(
    `UPDATE instruction i SET attendee_count = c.attendees, confirmed_count = c.confirmed
       FROM (SELECT instruction_uuid, count(*)::int AS attendees, count(confirmed_at)::int AS confirmed
               FROM instruction_attendance WHERE client_uuid = $1 GROUP BY instruction_uuid) c
      WHERE c.instruction_uuid = i.uuid`,
    [clientUuid],
  );
}
