import type { Queryable } from '../core/db/database';
import { installDemoCourse } from '../modules/elearnings/shippedContent/demoCourses';
import { syncElearningTasks } from '../modules/elearnings/taskSync';

/**
 * Demo e-learnings: a catalogue in German and English, assigned to acme's units, with a mix of
 * completed, due, overdue and in-progress tasks so that every screen shows something on first start. Tasks come
 * from the assignments through the task rules (syncElearningTasks), then part of them is moved back in time.
 */

/** Fixed uuids, so that tests (the authorisation matrix) can name seeded courses without a lookup. */
export const DEMO_ELEARNINGS = {
  acmeSafetyInstruction: '00000000-0000-4000-8000-00000000e001',
  acmeFireProtection: '00000000-0000-4000-8000-00000000e002',
  acmeFirstAid: '00000000-0000-4000-8000-00000000e003',
  acmeVduWorkstation: '00000000-0000-4000-8000-00000000e004',
  acmeHazardousSubstances: '00000000-0000-4000-8000-00000000e005',
  acmeLadders: '00000000-0000-4000-8000-00000000e006',
  /** The sequenced SCORM 2004 demo course (entry check, three modules, final test): first aid for everyone. */
  acmeFirstAidSequenced: '00000000-0000-4000-8000-00000000e007',
  globexCargo: '00000000-0000-4000-8000-00000000e101',
} as const;

/** The open task of the demo account `member` in the safety instruction, under a fixed uuid (for tests). */
export const DEMO_MEMBER_TASK = '00000000-0000-4000-8000-00000000e201';

export interface ElearningSeedContext {
  acme: string;
  /** acme's units below the root: Produktion, Logistik, Verwaltung, Vertrieb. */
  acmeUnits: string[];
  acmeRoot: string;
  globex: string;
}

interface Course {
  uuid: string;
  de: [title: string, description: string];
  en: [title: string, description: string] | null;
  minutes: number;
  buffer: number;
  repeat: number;
  /** Indexes into acmeUnits, or 'root'. */
  units: Array<number | 'root'>;
  activateInDays?: number;
}

const ACME_COURSES: Course[] = [
  {
    uuid: DEMO_ELEARNINGS.acmeSafetyInstruction,
    de: [
      'Allgemeine Sicherheitsunterweisung (§ 12 ArbSchG)',
      'Jährliche Unterweisung: Gefahren am Arbeitsplatz, Verhalten bei Unfällen, Ansprechpartner.',
    ],
    en: [
      'General safety instruction (§ 12 ArbSchG)',
      'Annual instruction: workplace hazards, what to do after an accident, contacts.',
    ],
    minutes: 30,
    buffer: 30,
    repeat: 12,
    units: ['root'],
  },
  {
    uuid: DEMO_ELEARNINGS.acmeFireProtection,
    de: ['Brandschutz Grundlagen', 'Verhalten im Brandfall, Feuerlöscher, Fluchtwege.'],
    en: ['Fire protection basics', 'What to do in a fire, extinguishers, escape routes.'],
    minutes: 25,
    buffer: 14,
    repeat: 24,
    units: ['root'],
  },
  {
    uuid: DEMO_ELEARNINGS.acmeFirstAid,
    de: ['Erste Hilfe im Betrieb', 'Notruf, stabile Seitenlage, Wiederbelebung.'],
    en: ['First aid basics', 'Emergency call, recovery position, resuscitation.'],
    minutes: 40,
    buffer: 30,
    repeat: 24,
    units: [0, 1],
  },
  {
    uuid: DEMO_ELEARNINGS.acmeVduWorkstation,
    de: ['Bildschirmarbeitsplatz', 'Ergonomie und Pausen am Bildschirm.'],
    en: ['VDU workstation', 'Ergonomics and breaks at the screen.'],
    minutes: 15,
    buffer: 7,
    repeat: 0,
    units: [2, 3],
  },
  {
    uuid: DEMO_ELEARNINGS.acmeHazardousSubstances,
    de: ['Gefahrstoffe', 'Kennzeichnung, Lagerung und Schutzmaßnahmen.'],
    en: ['Hazardous substances', 'Labelling, storage and protective measures.'],
    minutes: 35,
    buffer: 14,
    repeat: 12,
    units: [0],
  },
  {
    uuid: DEMO_ELEARNINGS.acmeLadders,
    de: ['Leitern und Tritte', 'Sichere Benutzung von Leitern.'],
    en: null,
    minutes: 10,
    buffer: 14,
    repeat: 0,
    units: [1],
    activateInDays: 14,
  },
  {
    uuid: DEMO_ELEARNINGS.acmeFirstAidSequenced,
    de: [
      'Erste Hilfe – Unterweisung für alle Beschäftigten',
      'Notruf 112, stabile Seitenlage, Wiederbelebung mit dem AED, Ersthelfer und Verbandbuch: Eingangscheck, drei Module und ein Abschlusstest, der nach den Modulen freigeschaltet wird.',
    ],
    en: [
      'First aid – instruction for all employees',
      'Emergency number 112, recovery position, resuscitation with an AED, first aiders and the accident book: an entry check, three modules and a final test that opens once the modules are done.',
    ],
    minutes: 30,
    buffer: 30,
    repeat: 12,
    units: ['root'],
  },
];

async function insertCourse(tx: Queryable, client: string, course: Course): Promise<void> {
  await tx.query(
    `INSERT INTO elearning (uuid, client_uuid, title, description, duration_minutes, first_execution_buffer_days,
                            repeat_interval_months, activate_on)
     VALUES ($1, $2, $3, $4, $5, $6, $7, CASE WHEN $8::int IS NULL THEN NULL ELSE current_date + $8::int END)`,
    [
      course.uuid,
      client,
      course.de[0],
      course.de[1],
      course.minutes,
      course.buffer,
      course.repeat,
      course.activateInDays ?? null,
    ],
  );
  await tx.query(
    `INSERT INTO elearning_language (elearning_uuid, language, title, description)
     SELECT $1, x.language, x.title, x.description
       FROM jsonb_to_recordset($2::jsonb) AS x(language text, title text, description text)`,
    [
      course.uuid,
      JSON.stringify([
        { language: 'de_DE', title: course.de[0], description: course.de[1] },
        ...(course.en ? [{ language: 'en_GB', title: course.en[0], description: course.en[1] }] : []),
      ]),
    ],
  );
}

export async function seedElearnings(tx: Queryable, context: ElearningSeedContext): Promise<void> {
  for (const course of ACME_COURSES) {
    await insertCourse(tx, context.acme, course);
    const units = course.units.map((unit) => (unit === 'root' ? context.acmeRoot : context.acmeUnits[unit]));
    await tx.query(
      `INSERT INTO elearning_org_unit (elearning_uuid, org_unit_uuid, client_uuid, assigned_at)
       SELECT $1, unit, $3, now() - interval '400 days' FROM unnest($2::uuid[]) AS unit`,
      [course.uuid, units, context.acme],
    );
  }
  await syncElearningTasks(tx, context.acme);
  // The demo member's sequenced first aid stays open (due in a fortnight): the player's demo of sequencing starts at
  // its entry check, and the member's certificates stay those of the other courses.
  await mixTaskStates(tx, context.acme, [DEMO_ELEARNINGS.acmeFirstAidSequenced]);
  // The next round of repeating courses after those completions.
  await syncElearningTasks(tx, context.acme);
  await tx.query(
    `UPDATE elearning_task SET uuid = $2 WHERE uuid = (
       SELECT t.uuid FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid
        WHERE m.client_uuid = $1 AND m.username = 'member' AND t.elearning_uuid = $3
          AND t.completed_at IS NULL AND t.reset_at IS NULL)`,
    [context.acme, DEMO_MEMBER_TASK, DEMO_ELEARNINGS.acmeSafetyInstruction],
  );

  await insertCourse(tx, context.globex, {
    uuid: DEMO_ELEARNINGS.globexCargo,
    de: ['Ladungssicherung', 'Sichern von Ladung auf Lkw und Stapler.'],
    en: ['Load securing', 'Securing loads on lorries and forklifts.'],
    minutes: 30,
    buffer: 14,
    repeat: 12,
    units: ['root'],
  });
  await tx.query(
    `INSERT INTO elearning_org_unit (elearning_uuid, org_unit_uuid, client_uuid)
     SELECT $1, uuid, client_uuid FROM org_unit WHERE client_uuid = $2 AND is_root`,
    [DEMO_ELEARNINGS.globexCargo, context.globex],
  );
  await syncElearningTasks(tx, context.globex);

  // The player's demo courses: SCORM 1.2, SCORM 2004 and SCORM 2004 with sequencing, built from
  // server/src/modules/elearnings/shippedContent.
  await installDemoCourse(tx, 'safetyBasics', {
    clientUuid: context.acme,
    elearningUuid: DEMO_ELEARNINGS.acmeSafetyInstruction,
  });
  await installDemoCourse(tx, 'fireSafety', {
    clientUuid: context.acme,
    elearningUuid: DEMO_ELEARNINGS.acmeFireProtection,
  });
  await installDemoCourse(tx, 'firstAid', {
    clientUuid: context.acme,
    elearningUuid: DEMO_ELEARNINGS.acmeFirstAidSequenced,
  });
  await installDemoCourse(tx, 'safetyBasics', {
    clientUuid: context.globex,
    elearningUuid: DEMO_ELEARNINGS.globexCargo,
  });
  await seedCompletedRuns(tx);
}

/**
 * The runs behind the demo's completions of courses with a package: each completed task gets the execution a member's
 * player would have left (completed and passed, a score and a time in the course, every SCO done) and its result, so
 * that the certificates of the past show in "Meine Nachweise", in the analytics' downloads and on the verification
 * page (each result gets its verification code from the database). Courses without a package had no player: their
 * completions stay without a certificate. Set-based; deterministic per task.
 */
async function seedCompletedRuns(tx: Queryable): Promise<void> {
  await tx.query(
    `INSERT INTO elearning_execution (client_uuid, task_uuid, member_uuid, elearning_uuid, package_uuid, scorm_version,
                                      current_sco, completion_status, success_status, score_percent,
                                      total_time_seconds, created_at, updated_at, completed_at)
     SELECT t.client_uuid, t.uuid, t.member_uuid, t.elearning_uuid, p.uuid, p.scorm_version, p.items -> 0 ->> 'id',
            'completed', 'passed', (array[67, 100, 100, 67])[1 + abs(hashtext(t.uuid::text)) % 4],
            run.seconds, t.completed_at - make_interval(secs => run.seconds), t.completed_at, t.completed_at
       FROM elearning_task t JOIN elearning e ON e.uuid = t.elearning_uuid
       JOIN elearning_package p ON p.uuid = e.package_uuid
      CROSS JOIN LATERAL (SELECT 420 + abs(hashtext(t.uuid::text || 'time')) % 1200 AS seconds) run
      WHERE t.completed_at IS NOT NULL AND t.reset_at IS NULL
        AND NOT EXISTS (SELECT 1 FROM elearning_execution x WHERE x.task_uuid = t.uuid)`,
  );
  await tx.query(
    `INSERT INTO elearning_execution_sco (execution_uuid, sco_id, cmi, sequence, completion_status, success_status,
                                          score_percent, total_time_seconds, updated_at, completed_at)
     SELECT x.uuid, item ->> 'id',
            CASE WHEN x.scorm_version = '1.2'
                 THEN jsonb_build_object('core', jsonb_build_object('lesson_status', 'passed',
                                         'score', jsonb_build_object('raw', x.score_percent::text)))
                 ELSE jsonb_build_object('completion_status', 'completed', 'success_status', 'passed',
                                         'score', jsonb_build_object('scaled', (x.score_percent / 100)::text)) END,
            1, 'completed', 'passed', x.score_percent, x.total_time_seconds, x.completed_at, x.completed_at
       FROM elearning_execution x JOIN elearning_package p ON p.uuid = x.package_uuid
      CROSS JOIN LATERAL jsonb_array_elements(p.items) AS item
      WHERE x.completed_at IS NOT NULL AND (item ->> 'sco')::boolean
        AND NOT EXISTS (SELECT 1 FROM elearning_execution_sco s WHERE s.execution_uuid = x.uuid)`,
  );
  // As the player writes a result at completion (routes/executions.ts): the title in the member's language.
  await tx.query(
    `INSERT INTO elearning_result (client_uuid, execution_uuid, task_uuid, member_uuid, elearning_uuid, member_name,
                                   course_title, language, completed_at, duration_seconds, score_percent, passed)
     SELECT x.client_uuid, x.uuid, x.task_uuid, x.member_uuid, x.elearning_uuid, trim(m.first_name || ' ' || m.last_name),
            coalesce((SELECT l.title FROM elearning_language l WHERE l.elearning_uuid = e.uuid AND l.language = m.language), e.title),
            m.language, x.completed_at, x.total_time_seconds, x.score_percent, true
       FROM elearning_execution x JOIN member m ON m.uuid = x.member_uuid JOIN elearning e ON e.uuid = x.elearning_uuid
      WHERE x.completed_at IS NOT NULL
     ON CONFLICT (execution_uuid) DO NOTHING`,
  );
}

/**
 * A realistic past, by a stable bucket per task: completions (some long ago, so that the repeat is overdue),
 * overdue, in-progress and due tasks. The demo account `member` gets one of each where it can, and an open task due
 * in a fortnight in the e-learnings of `openForMember`. Set-based.
 */
async function mixTaskStates(tx: Queryable, client: string, openForMember: string[] = []): Promise<void> {
  await tx.query(
    `WITH bucketed AS (
       SELECT t.uuid, CASE WHEN m.username = 'member' AND t.elearning_uuid = ANY($2::uuid[]) THEN 80
                           WHEN m.username = 'member'
                           THEN (array[3, 45, 60, 80, 20])[1 + (row_number() OVER (PARTITION BY t.member_uuid ORDER BY t.elearning_uuid) - 1)::int % 5]
                           ELSE abs(hashtext(m.username || e.title)) % 100 END AS bucket
         FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid JOIN elearning e ON e.uuid = t.elearning_uuid
        WHERE t.client_uuid = $1 AND t.available_from <= current_date)
     UPDATE elearning_task t SET
       available_from = current_date - CASE WHEN b.bucket < 5 THEN 420 WHEN b.bucket < 40 THEN 30 + b.bucket * 4
                                            WHEN b.bucket < 55 THEN 90 WHEN b.bucket < 70 THEN 25 ELSE b.bucket % 10 END,
       due_date = CASE WHEN b.bucket < 5 THEN current_date - 390 WHEN b.bucket < 40 THEN current_date - b.bucket * 4
                       WHEN b.bucket < 55 THEN current_date - (b.bucket - 38) * 3
                       WHEN b.bucket < 70 THEN current_date + (b.bucket - 60) ELSE current_date + (b.bucket - 65) END,
       started_at = CASE WHEN b.bucket < 40 THEN now() - make_interval(days => CASE WHEN b.bucket < 5 THEN 400 ELSE 8 + b.bucket * 4 END)
                         WHEN b.bucket >= 55 AND b.bucket < 70 THEN now() - make_interval(days => b.bucket - 53) END,
       completed_at = CASE WHEN b.bucket < 40 THEN now() - make_interval(days => CASE WHEN b.bucket < 5 THEN 398 ELSE 6 + b.bucket * 4 END) END
      FROM bucketed b WHERE b.uuid = t.uuid`,
    [client, openForMember],
  );
}

/** Bench client (npm run bench): one course to assign in the timed scenario, one assigned to everyone with history. */
export async function seedBenchElearnings(tx: Queryable, client: string): Promise<void> {
  await tx.query(
    `INSERT INTO elearning (client_uuid, title, duration_minutes, repeat_interval_months)
     VALUES ($1, 'Bench: Zuweisung', 20, 12), ($1, 'Bench: Auswertung', 30, 12)`,
    [client],
  );
  await tx.query(
    `INSERT INTO elearning_org_unit (elearning_uuid, org_unit_uuid, client_uuid)
     SELECT e.uuid, o.uuid, $1 FROM elearning e JOIN org_unit o ON o.client_uuid = e.client_uuid AND o.is_root
      WHERE e.client_uuid = $1 AND e.title = 'Bench: Auswertung'`,
    [client],
  );
  await syncElearningTasks(tx, client);
  await mixTaskStates(tx, client);
  await syncElearningTasks(tx, client);
}

/**
 * Bench client: the start page of a member with 200 tasks. 200 short courses are assigned to an org unit
 * that holds only the client's admin, so that only the admin gets them (the bench signs in as the admin).
 */
export async function seedBenchStartTasks(tx: Queryable, client: string): Promise<void> {
  const [unit] = await tx.query<{ uuid: string }>(
    `INSERT INTO org_unit (client_uuid, name, parent_uuid)
     SELECT $1, 'Bench: Startseite', uuid FROM org_unit WHERE client_uuid = $1 AND is_root RETURNING uuid`,
    [client],
  );
  await tx.query(
    `INSERT INTO org_unit_member (org_unit_uuid, member_uuid)
     SELECT $2, uuid FROM member WHERE client_uuid = $1 AND username = 'admin'`,
    [client, unit?.uuid],
  );
  await tx.query(
    `WITH courses AS (
       INSERT INTO elearning (client_uuid, title, duration_minutes, repeat_interval_months)
       SELECT $1, 'Bench: Unterweisung ' || lpad(n::text, 3, '0'), 15, 12 FROM generate_series(1, 200) n
       RETURNING uuid)
     INSERT INTO elearning_org_unit (elearning_uuid, org_unit_uuid, client_uuid) SELECT uuid, $2, $1 FROM courses`,
    [client, unit?.uuid],
  );
  await syncElearningTasks(tx, client);
}
