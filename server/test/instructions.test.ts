/** Instruction records: record, sign (instructor's device and own), refuse bad signatures, tasks, repeat, isolation. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { completeElearningTask } from '../src/modules/elearnings/taskSync';
import { createTestServer, expectError, memberUuid, type TestServer } from './helpers';
import { signaturePng } from './signaturePng';

/** The start page's counts of one area. */
interface DueCounts {
  overdue: number;
  next7Days: number;
  nextMonth: number;
  done: number;
  all: number;
}

let server: TestServer;
let groupUuid: string;
let emptyGroupUuid: string;
let globexGroupUuid: string;

const list = (filter: Record<string, unknown> = {}, sortBy = 'heldOn') => ({
  filter,
  page: 1,
  perPage: 25,
  sortBy,
  sortDirection: 'asc',
});

const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  server = await createTestServer();
  const acme = "(SELECT uuid FROM client WHERE identifier = 'acme')";
  const [group] = await server.db.query<{ uuid: string }>(
    `INSERT INTO member_group (client_uuid, name, type) VALUES (${acme}, 'Lager Unterweisung', 'first-aid') RETURNING uuid`,
  );
  groupUuid = group?.uuid ?? '';
  for (const username of ['member', 'admin']) {
    await server.db.query('INSERT INTO member_group_member (member_group_uuid, member_uuid) VALUES ($1, $2)', [
      groupUuid,
      await memberUuid(server.db, 'acme', username),
    ]);
  }
  const [empty] = await server.db.query<{ uuid: string }>(
    `INSERT INTO member_group (client_uuid, name, type) VALUES (${acme}, 'Leer', 'first-aid') RETURNING uuid`,
  );
  emptyGroupUuid = empty?.uuid ?? '';
  const [globex] = await server.db.query<{ uuid: string }>(
    `INSERT INTO member_group (client_uuid, name, type)
     VALUES ((SELECT uuid FROM client WHERE identifier = 'globex'), 'Globex Lager', 'first-aid') RETURNING uuid`,
  );
  globexGroupUuid = globex?.uuid ?? '';
});
afterAll(async () => {
  await server?.close();
});

async function record(title: string, heldOn = day(0), repeatIntervalMonths = 12) {
  const admin = await server.login('acme', 'admin');
  const response = await admin.post('/api/instruction/create', {
    title,
    heldOn,
    instructorName: 'Petra Sicher',
    targetType: 'member-group',
    targetUuid: groupUuid,
    repeatIntervalMonths,
  });
  expect(response.statusCode, response.body).toBe(200);
  return { admin, uuid: (response.json() as { uuid: string }).uuid };
}

async function attendance(uuid: string) {
  const admin = await server.login('acme', 'admin');
  const response = await admin.post('/api/instruction/read-attendance-list', { ...list({}, 'memberName'), uuid });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { items: Array<Record<string, unknown> & { uuid: string; memberUuid: string }> }).items;
}

describe('instruction records', () => {
  it('records an instruction for a group: one attendance per member, listed with its counts, audited', async () => {
    const { admin, uuid } = await record('Sicherheitsunterweisung Hochregallager');
    const rows = await attendance(uuid);
    expect(rows).toHaveLength(2);
    expect(rows.every((row) => row.dueState === 'open' && row.dueDate === day(14))).toBe(true);
    const listed = await admin.post('/api/instruction/read-list', list({ search: 'hochregallager' }));
    expect(listed.json()).toMatchObject({
      total: 1,
      items: [
        { uuid, attendeeCount: 2, confirmedCount: 0, targetName: 'Lager Unterweisung', repeatIntervalMonths: 12 },
      ],
    });
    const [audit] = await server.db.query<{ action: string }>(
      "SELECT action FROM audit_entry WHERE entity_type = 'instruction' AND entity_uuid = $1",
      [uuid],
    );
    expect(audit?.action).toBe('instruction.create');
  });

  it("confirms on the instructor's device and on the member's own; the repeat is due the interval after it", async () => {
    const { admin, uuid } = await record('Brandschutzunterweisung', day(-3), 6);
    const member = await server.login('acme', 'member');
    const memberId = await memberUuid(server.db, 'acme', 'member');
    const rows = await attendance(uuid);
    const own = rows.find((row) => row.memberUuid === memberId);
    const other = rows.find((row) => row.memberUuid !== memberId);
    if (!own || !other) throw new Error('attendance missing');

    // The member's open task, due the instruction day plus the grace.
    const mine = await member.post('/api/instruction/read-member-tasks', list({ state: 'toSign' }, 'dueDate'));
    expect(mine.json()).toMatchObject({ items: expect.arrayContaining([expect.objectContaining({ uuid: own.uuid })]) });

    // A member cannot sign another member's row: it answers as unknown.
    expectError(
      await member.post('/api/instruction/sign-own', { attendanceUuid: other.uuid, signaturePng: signaturePng() }),
      404,
      'Instruction.NotFound',
    );
    const signed = await member.post('/api/instruction/sign-own', {
      attendanceUuid: own.uuid,
      signaturePng: signaturePng(),
    });
    expect(signed.statusCode, signed.body).toBe(200);
    expectError(
      await member.post('/api/instruction/sign-own', { attendanceUuid: own.uuid, signaturePng: signaturePng() }),
      409,
      'Instruction.AlreadyConfirmed',
    );
    const forOther = await admin.post('/api/instruction/sign-for-member', {
      attendanceUuid: other.uuid,
      signaturePng: signaturePng(),
    });
    expect(forOther.statusCode, forOther.body).toBe(200);

    const after = await attendance(uuid);
    const sixMonths = new Date();
    sixMonths.setUTCMonth(sixMonths.getUTCMonth() + 6);
    const [today] = await server.db.query<{ next: string }>(
      "SELECT (current_date + interval '6 months')::date::text AS next",
    );
    for (const row of after) {
      expect(row.dueState).toBe('done');
      expect(row.nextDueDate).toBe(today?.next);
    }
    expect(after.find((row) => row.uuid === own.uuid)?.signedOn).toBe('own-device');
    expect(after.find((row) => row.uuid === other.uuid)?.signedOn).toBe('instructor-device');
    const details = await admin.post('/api/instruction/read-details', { uuid });
    expect(details.json()).toMatchObject({ confirmedCount: 2, attendeeCount: 2 });
    const audits = await server.db.query<{ member_uuid: string }>(
      "SELECT member_uuid FROM audit_entry WHERE action = 'instruction.confirm' AND entity_uuid = $1",
      [uuid],
    );
    expect(audits.map((row) => row.member_uuid).sort()).toEqual([own.memberUuid, other.memberUuid].sort());

    const pdf = await admin.post('/api/instruction/export-pdf', { uuid, language: 'de_DE' });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    // Both signatures are in the record: each an image with its transparency mask.
    expect(pdf.rawPayload.toString('latin1').match(/\/Subtype \/Image/g)?.length).toBe(4);
  });

  it('refuses a signature that is no small, whole PNG with 400, and stores nothing', async () => {
    const { admin, uuid } = await record('Gabelstapler');
    const [row] = await attendance(uuid);
    if (!row) throw new Error('attendance missing');
    const gif = Buffer.from('GIF89a'.padEnd(200, 'x')).toString('base64');
    const truncated = signaturePng().slice(0, -12);
    const huge = `data:image/png;base64,${Buffer.alloc(210 * 1024, 1).toString('base64')}`;
    for (const signature of [gif, truncated, 'not base64!', huge]) {
      const response = await admin.post('/api/instruction/sign-for-member', {
        attendanceUuid: row.uuid,
        signaturePng: signature,
      });
      expect([400, 413], response.body).toContain(response.statusCode);
    }
    expectError(
      await admin.post('/api/instruction/sign-for-member', { attendanceUuid: row.uuid, signaturePng: gif }),
      400,
      'Instruction.InvalidSignature',
    );
    const [stored] = await server.db.query<{ confirmed: number }>(
      'SELECT count(*)::int AS confirmed FROM instruction_attendance WHERE instruction_uuid = $1 AND confirmed_at IS NOT NULL',
      [uuid],
    );
    expect(stored?.confirmed).toBe(0);
  });

  it("shows an absent member's task as overdue after the confirm-by day, and an old confirmation's repeat as due", async () => {
    const { uuid } = await record('Erste Hilfe am Arbeitsplatz', day(-30));
    const member = await server.login('acme', 'member');
    const rows = await member.post('/api/instruction/read-member-tasks', list({ state: 'toSign' }, 'dueDate'));
    const task = (
      rows.json() as { items: Array<{ instructionUuid: string; dueState: string; dueDate: string }> }
    ).items.find((item) => item.instructionUuid === uuid);
    expect(task).toMatchObject({ dueState: 'overdue', dueDate: day(-16) });

    // A confirmation 13 months ago on a yearly topic: the repeat is overdue.
    const { uuid: old } = await record('Leitern und Tritte', day(-400));
    const memberId = await memberUuid(server.db, 'acme', 'member');
    await server.db.query(
      `UPDATE instruction_attendance SET confirmed_at = now() - interval '13 months', signed_on = 'own-device',
              signature_png = '\\x00', next_due_date = (current_date - interval '1 month')::date
        WHERE instruction_uuid = $1 AND member_uuid = $2`,
      [old, memberId],
    );
    const signed = await member.post('/api/instruction/read-member-tasks', list({ state: 'signed' }, 'dueDate'));
    const repeat = (signed.json() as { items: Array<{ instructionUuid: string; dueState: string }> }).items.find(
      (item) => item.instructionUuid === old,
    );
    expect(repeat?.dueState).toBe('repeatOverdue');
    // A new instruction on the same topic takes its place: the old one is history.
    await record('leitern und tritte');
    const again = await member.post('/api/instruction/read-member-tasks', list({ state: 'signed' }, 'dueDate'));
    const replaced = (again.json() as { items: Array<{ instructionUuid: string; dueState: string }> }).items.find(
      (item) => item.instructionUuid === old,
    );
    expect(replaced?.dueState).toBe('done');
  });

  it("counts the member's instructions on the start page, and counts again once he signs", async () => {
    const member = await server.login('acme', 'member');
    const counts = async () =>
      ((await member.get('/api/start/read-task-counts')).json() as { instructions: DueCounts }).instructions;
    const before = await counts();
    const { uuid } = await record('Startseite zählt mit', day(-20));
    const opened = await counts();
    // An unsigned instruction past its confirm-by day is overdue.
    expect(opened).toMatchObject({ all: before.all + 1, overdue: before.overdue + 1, done: before.done });
    const memberId = await memberUuid(server.db, 'acme', 'member');
    const [row] = await server.db.query<{ uuid: string }>(
      'SELECT uuid FROM instruction_attendance WHERE instruction_uuid = $1 AND member_uuid = $2',
      [uuid, memberId],
    );
    expect(
      (await member.post('/api/instruction/sign-own', { attendanceUuid: row?.uuid, signaturePng: signaturePng() }))
        .statusCode,
    ).toBe(200);
    // Signed: done, and the next instruction on the topic open, due in a year (neither overdue nor within a month).
    expect(await counts()).toMatchObject({ all: before.all + 2, overdue: before.overdue, done: before.done + 1 });
  });

  it('deletes an instruction recorded by mistake with its tasks; a signed one is kept (409), audited', async () => {
    const member = await server.login('acme', 'member');
    const counts = async () =>
      ((await member.get('/api/start/read-task-counts')).json() as { instructions: DueCounts }).instructions;
    const before = await counts();
    const { admin, uuid } = await record('Versehentlich für die falsche Gruppe erfasst', day(-20));
    expect((await counts()).all).toBe(before.all + 1);
    const details = await admin.post('/api/instruction/read-details', { uuid });
    expect(details.json()).toMatchObject({ signatureCount: 0, attendeeCount: 2 });

    const deleted = await admin.post('/api/instruction/delete', { uuid });
    expect(deleted.statusCode, deleted.body).toBe(200);
    // Gone with its members' tasks: the start page counts as before, the details answer as unknown.
    expect(await counts()).toEqual(before);
    expectError(await admin.post('/api/instruction/read-details', { uuid }), 404, 'Instruction.NotFound');
    expect(
      await server.db.query('SELECT 1 FROM instruction_attendance WHERE instruction_uuid = $1', [uuid]),
    ).toHaveLength(0);
    const [audit] = await server.db.query<{ before: { title: string; attendeeCount: number } }>(
      "SELECT before FROM audit_entry WHERE action = 'instruction.delete' AND entity_uuid = $1",
      [uuid],
    );
    expect(audit?.before).toMatchObject({ title: 'Versehentlich für die falsche Gruppe erfasst', attendeeCount: 2 });
    expectError(await admin.post('/api/instruction/delete', { uuid }), 404, 'Instruction.NotFound');

    // Once a member has signed, the record is evidence: it stays, with every row.
    const { uuid: signed } = await record('Unterschrieben bleibt erhalten');
    const [row] = await attendance(signed);
    expect(
      (
        await admin.post('/api/instruction/sign-for-member', {
          attendanceUuid: row?.uuid,
          signaturePng: signaturePng(),
        })
      ).statusCode,
    ).toBe(200);
    expect((await admin.post('/api/instruction/read-details', { uuid: signed })).json()).toMatchObject({
      signatureCount: 1,
    });
    expectError(await admin.post('/api/instruction/delete', { uuid: signed }), 409, 'Instruction.Signed');
    expect(await attendance(signed)).toHaveLength(2);
  });

  it('takes in members who joined the target since: each gets a row to sign, once; audited', async () => {
    const { admin, uuid } = await record('Nachunterweisung Lager', day(-30));
    expect((await admin.post('/api/instruction/read-details', { uuid })).json()).toMatchObject({
      attendeeCount: 2,
      joinerCount: 0,
    });
    // A new colleague joins the group after the instruction.
    const joinerId = await memberUuid(server.db, 'acme', 'ou.admin');
    await server.db.query('INSERT INTO member_group_member (member_group_uuid, member_uuid) VALUES ($1, $2)', [
      groupUuid,
      joinerId,
    ]);
    try {
      expect((await admin.post('/api/instruction/read-details', { uuid })).json()).toMatchObject({ joinerCount: 1 });
      const added = await admin.post('/api/instruction/add-joiners', { uuid });
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json()).toEqual({ added: 1, confirmedByElearning: 0 });
      const rows = await attendance(uuid);
      const joinerRow = rows.find((row) => row.memberUuid === joinerId);
      // Open, with the grace from today (not from the instruction day, long past).
      expect(joinerRow).toMatchObject({ dueDate: day(14), confirmedAt: null, dueState: 'open' });
      expect((await admin.post('/api/instruction/read-details', { uuid })).json()).toMatchObject({
        attendeeCount: 3,
        joinerCount: 0,
      });
      // Nobody new: nothing changes.
      expect((await admin.post('/api/instruction/add-joiners', { uuid })).json()).toEqual({
        added: 0,
        confirmedByElearning: 0,
      });
      expect(await attendance(uuid)).toHaveLength(3);
      const [audit] = await server.db.query<{ member_uuid: string }>(
        "SELECT member_uuid FROM audit_entry WHERE action = 'instruction.add-joiner' AND entity_uuid = $1",
        [uuid],
      );
      expect(audit?.member_uuid).toBe(joinerId);
      // A member may not; another client's admin finds nothing.
      const member = await server.login('acme', 'member');
      expectError(await member.post('/api/instruction/add-joiners', { uuid }), 403, 'Auth.Forbidden');
      const globex = await server.login('globex', 'admin');
      expectError(await globex.post('/api/instruction/add-joiners', { uuid }), 404, 'Instruction.NotFound');
    } finally {
      await server.db.query('DELETE FROM member_group_member WHERE member_group_uuid = $1 AND member_uuid = $2', [
        groupUuid,
        joinerId,
      ]);
    }
  });

  it("keeps clients apart: another client's instruction, target and attendance answer as unknown", async () => {
    const { uuid } = await record('Mandantentrennung');
    const [row] = await attendance(uuid);
    const globex = await server.login('globex', 'admin');
    expectError(await globex.post('/api/instruction/read-details', { uuid }), 404, 'Instruction.NotFound');
    expectError(
      await globex.post('/api/instruction/read-attendance-list', { ...list({}, 'memberName'), uuid }),
      404,
      'Instruction.NotFound',
    );
    expectError(
      await globex.post('/api/instruction/sign-for-member', {
        attendanceUuid: row?.uuid,
        signaturePng: signaturePng(),
      }),
      404,
      'Instruction.NotFound',
    );
    expectError(
      await globex.post('/api/instruction/export-pdf', { uuid, language: 'en_GB' }),
      404,
      'Instruction.NotFound',
    );
    const listed = await globex.post('/api/instruction/read-list', list({ search: 'Mandantentrennung' }));
    expect(listed.json()).toMatchObject({ total: 0 });
    const admin = await server.login('acme', 'admin');
    expectError(
      await admin.post('/api/instruction/create', {
        title: 'Fremd',
        heldOn: day(0),
        instructorName: 'X',
        targetType: 'member-group',
        targetUuid: globexGroupUuid,
      }),
      404,
      'Instruction.TargetNotFound',
    );
    expectError(
      await admin.post('/api/instruction/create', {
        title: 'Leer',
        heldOn: day(0),
        instructorName: 'X',
        targetType: 'member-group',
        targetUuid: emptyGroupUuid,
      }),
      409,
      'Instruction.TargetEmpty',
    );
  });

  it('lets only administrators, ou-admins and loc-admins record and read the records; a member reads his own', async () => {
    const member = await server.login('acme', 'member');
    expectError(await member.post('/api/instruction/read-list', list()), 403, 'Auth.Forbidden');
    expectError(
      await member.post('/api/instruction/create', {
        title: 'X',
        heldOn: day(0),
        instructorName: 'X',
        targetType: 'member-group',
        targetUuid: groupUuid,
      }),
      403,
      'Auth.Forbidden',
    );
    expect((await member.post('/api/instruction/read-member-tasks', list({}, 'dueDate'))).statusCode).toBe(200);
  });

  it('keeps a loc-admin to the locations he is responsible for: he records for them and sees only theirs', async () => {
    const locAdmin = await server.login('acme', 'loc.admin');
    const locations = await server.db.query<{ uuid: string; name: string; responsible: boolean }>(
      `SELECT l.uuid, l.name, EXISTS (SELECT 1 FROM location_member lm JOIN member m ON m.uuid = lm.member_uuid
                                       WHERE lm.location_uuid = l.uuid AND lm.responsible AND m.username = 'loc.admin')
                              AS responsible
         FROM location l JOIN client c ON c.uuid = l.client_uuid WHERE c.identifier = 'acme' ORDER BY l.name`,
    );
    const vienna = locations.find((location) => location.responsible);
    const other = locations.find((location) => !location.responsible);
    if (!vienna || !other) throw new Error('demo locations missing');
    const body = (targetType: string, targetUuid: string) => ({
      title: `Unterweisung ${vienna.name}`,
      heldOn: day(0),
      instructorName: 'Lars Lindner',
      targetType,
      targetUuid,
    });
    const created = await locAdmin.post('/api/instruction/create', body('location', vienna.uuid));
    expect(created.statusCode, created.body).toBe(200);
    const own = (created.json() as { uuid: string }).uuid;
    // Another location, a group: unknown to him.
    expectError(
      await locAdmin.post('/api/instruction/create', body('location', other.uuid)),
      404,
      'Instruction.TargetNotFound',
    );
    expectError(
      await locAdmin.post('/api/instruction/create', body('member-group', groupUuid)),
      404,
      'Instruction.TargetNotFound',
    );
    // The administrator's group instruction is not his to see, sign or delete.
    const { uuid: groupInstruction } = await record('Nicht für den Standort');
    const [foreignRow] = await attendance(groupInstruction);
    expectError(
      await locAdmin.post('/api/instruction/read-details', { uuid: groupInstruction }),
      404,
      'Instruction.NotFound',
    );
    expectError(
      await locAdmin.post('/api/instruction/sign-for-member', {
        attendanceUuid: foreignRow?.uuid,
        signaturePng: signaturePng(),
      }),
      404,
      'Instruction.NotFound',
    );
    expectError(
      await locAdmin.post('/api/instruction/delete', { uuid: groupInstruction }),
      404,
      'Instruction.NotFound',
    );
    const listed = (await locAdmin.post('/api/instruction/read-list', { ...list(), perPage: 100 })).json() as {
      items: Array<{ uuid: string; targetType: string; targetName: string }>;
    };
    expect(listed.items.map((item) => item.uuid)).toContain(own);
    expect(listed.items.every((item) => item.targetType === 'location' && item.targetName === vienna.name)).toBe(true);
    // His own: the attendance of the location's members, which he signs on his device.
    const rows = await locAdmin.post('/api/instruction/read-attendance-list', { ...list({}, 'memberName'), uuid: own });
    const [first] = (rows.json() as { items: Array<{ uuid: string }> }).items;
    const signed = await locAdmin.post('/api/instruction/sign-for-member', {
      attendanceUuid: first?.uuid,
      signaturePng: signaturePng(),
    });
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it('keeps an ou-admin to the org units he administers: he records for them and sees only theirs', async () => {
    const ouAdmin = await server.login('acme', 'ou.admin');
    const [production] = await server.db.query<{ uuid: string }>(
      `SELECT o.uuid FROM org_unit o JOIN client c ON c.uuid = o.client_uuid
        WHERE c.identifier = 'acme' AND o.name = 'Produktion'`,
    );
    const [finance] = await server.db.query<{ uuid: string }>(
      `SELECT o.uuid FROM org_unit o JOIN client c ON c.uuid = o.client_uuid
        WHERE c.identifier = 'acme' AND o.name = 'Finanzen'`,
    );
    const body = (targetType: string, targetUuid: string | undefined) => ({
      title: 'Unterweisung Produktion',
      heldOn: day(0),
      instructorName: 'Olaf Ou',
      targetType,
      targetUuid,
    });
    const created = await ouAdmin.post('/api/instruction/create', body('org-unit', production?.uuid));
    expect(created.statusCode, created.body).toBe(200);
    const own = (created.json() as { uuid: string }).uuid;
    // A unit he does not administer, and a group: unknown to him.
    expectError(
      await ouAdmin.post('/api/instruction/create', body('org-unit', finance?.uuid)),
      404,
      'Instruction.TargetNotFound',
    );
    expectError(
      await ouAdmin.post('/api/instruction/create', body('member-group', groupUuid)),
      404,
      'Instruction.TargetNotFound',
    );
    // The administrator's group instruction is not his to see or sign.
    const { uuid: groupInstruction } = await record('Nur für Administratoren');
    const [foreignRow] = await attendance(groupInstruction);
    expectError(
      await ouAdmin.post('/api/instruction/read-details', { uuid: groupInstruction }),
      404,
      'Instruction.NotFound',
    );
    expectError(
      await ouAdmin.post('/api/instruction/sign-for-member', {
        attendanceUuid: foreignRow?.uuid,
        signaturePng: signaturePng(),
      }),
      404,
      'Instruction.NotFound',
    );
    expectError(await ouAdmin.post('/api/instruction/delete', { uuid: groupInstruction }), 404, 'Instruction.NotFound');
    expect((await attendance(groupInstruction)).length).toBeGreaterThan(0);
    const listed = (await ouAdmin.post('/api/instruction/read-list', { ...list(), perPage: 100 })).json() as {
      items: Array<{ uuid: string; targetType: string }>;
    };
    expect(listed.items.map((item) => item.uuid)).toContain(own);
    expect(listed.items.every((item) => item.targetType === 'org-unit')).toBe(true);
    expect(listed.items.map((item) => item.uuid)).not.toContain(groupInstruction);
    const rows = await ouAdmin.post('/api/instruction/read-attendance-list', { ...list({}, 'memberName'), uuid: own });
    const [first] = (rows.json() as { items: Array<{ uuid: string }> }).items;
    const signed = await ouAdmin.post('/api/instruction/sign-for-member', {
      attendanceUuid: first?.uuid,
      signaturePng: signaturePng(),
    });
    expect(signed.statusCode, signed.body).toBe(200);
  });

  it('counts a completed e-learning as the instruction: done before within the interval, or completed later', async () => {
    const acme = "(SELECT uuid FROM client WHERE identifier = 'acme')";
    const [course] = await server.db.query<{ uuid: string }>(
      `INSERT INTO elearning (client_uuid, title) VALUES (${acme}, 'Staplerfahrer – jährliche Unterweisung') RETURNING uuid`,
    );
    const admin = await memberUuid(server.db, 'acme', 'admin');
    const member = await memberUuid(server.db, 'acme', 'member');
    // The admin finished the course two months ago; the member has it open.
    const [, open] = await server.db.query<{ uuid: string; member_uuid: string }>(
      `INSERT INTO elearning_task (client_uuid, elearning_uuid, member_uuid, due_date, completed_at, started_at)
       VALUES (${acme}, $1, $2, current_date, now() - interval '2 months', now() - interval '2 months'),
              (${acme}, $1, $3, current_date + 14, NULL, NULL)
       RETURNING uuid, member_uuid`,
      [course?.uuid, admin, member],
    );
    const adminAgent = await server.login('acme', 'admin');
    // Another client's course (or none that exists) is unknown.
    const refused = await adminAgent.post('/api/instruction/create', {
      title: 'Staplerunterweisung',
      heldOn: day(0),
      instructorName: 'Petra Sicher',
      targetType: 'member-group',
      targetUuid: groupUuid,
      elearningUuid: '00000000-0000-4000-8000-0000000e1ea1',
    });
    expectError(refused, 404, 'Elearning.NotFound');
    const created = await adminAgent.post('/api/instruction/create', {
      title: 'Staplerunterweisung',
      heldOn: day(0),
      instructorName: 'Petra Sicher',
      targetType: 'member-group',
      targetUuid: groupUuid,
      elearningUuid: course?.uuid,
    });
    expect(created.statusCode, created.body).toBe(200);
    const uuid = (created.json() as { uuid: string }).uuid;
    const details = (await adminAgent.post('/api/instruction/read-details', { uuid })).json() as {
      confirmedCount: number;
      elearning: { title: string } | null;
    };
    expect(details.elearning?.title).toBe('Staplerfahrer – jährliche Unterweisung');
    expect(details.confirmedCount).toBe(1);
    let rows = await attendance(uuid);
    expect(rows.find((row) => row.memberUuid === admin)).toMatchObject({ signedOn: 'elearning', dueState: 'done' });
    expect(rows.find((row) => row.memberUuid === member)).toMatchObject({ signedOn: null, confirmedAt: null });

    // The member completes the course: his row is confirmed by it, due again a year after.
    await server.db.transaction((tx) => completeElearningTask(tx, open?.uuid ?? ''));
    rows = await attendance(uuid);
    expect(rows.find((row) => row.memberUuid === member)).toMatchObject({
      signedOn: 'elearning',
      nextDueDate: new Date(new Date().setFullYear(new Date().getFullYear() + 1)).toISOString().slice(0, 10),
    });
    expect(
      ((await adminAgent.post('/api/instruction/read-details', { uuid })).json() as { confirmedCount: number })
        .confirmedCount,
    ).toBe(2);
    // Nothing left to sign: signing now is refused as already confirmed.
    const memberAgent = await server.login('acme', 'member');
    const own = rows.find((row) => row.memberUuid === member);
    expectError(
      await memberAgent.post('/api/instruction/sign-own', { attendanceUuid: own?.uuid, signaturePng: signaturePng() }),
      409,
      'Instruction.AlreadyConfirmed',
    );
  });
});
