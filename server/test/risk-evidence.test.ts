import {
  EVIDENCE_PHOTO_MAX_BYTES,
  EVIDENCE_PHOTOS_PER_ANSWER,
  evidencePhotoListResponseSchema,
  evidencePhotoSchema,
  riskDetailsSchema,
  riskListResponseSchema,
} from '@dash/shared-core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { pdfText } from './elearning-player-helpers';
import { type Agent, createTestServer, expectError, memberUuid, postOk, type TestServer } from './helpers';

/**
 * Evidence on the answers of an inspection (docs/risk-assessment-follow-up.md "Evidence"): photos stripped of their
 * metadata, limited, only for inspections and only for whoever works on the analysis or evaluates it; shown beside
 * the risk and printed with the action list.
 */
const API = '/api/risk-assessment';

let server: TestServer;
let admin: Agent;
let member: Agent;
let colleague: Agent;
let ouAdmin: Agent;
let acme: string;
let memberId: string;
let execution: string;
let questionKey: string;

const ok = <T = Record<string, unknown>>(agent: Agent, call: string, body: unknown) =>
  postOk<T>(agent, `${API}/${call}`, body);

/**
 * A JPEG's segments as a phone writes them (not decodable, but shaped like one): SOI, APP0, APP1 with EXIF and a GPS
 * position, SOF0 (3 components, the size), SOS, data, EOI. `seed` makes each photo's data differ.
 */
function phonePhoto(seed: number, size = { width: 1200, height: 900 }): Buffer {
  const segment = (marker: number, body: Buffer) => {
    const head = Buffer.from([0xff, marker, 0, 0]);
    head.writeUInt16BE(body.length + 2, 2);
    return Buffer.concat([head, body]);
  };
  const sof = Buffer.alloc(15);
  sof[0] = 8;
  sof.writeUInt16BE(size.height, 1);
  sof.writeUInt16BE(size.width, 3);
  sof[5] = 3;
  return Buffer.concat([
    Buffer.from([0xff, 0xd8]),
    segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1')),
    segment(0xe1, Buffer.from('Exif\0\0GPSLatitude 53.5511 N GPSLongitude 9.9937 E Make Phone', 'latin1')),
    segment(0xc0, sof),
    segment(0xda, Buffer.from([3, 1, 0, 2, 0x11, 3, 0x11, 0, 0x3f, 0])),
    Buffer.from([seed & 0x7f, 0x34, 0x56, 0x78]),
    Buffer.from([0xff, 0xd9]),
  ]);
}

const upload = (agent: Agent, executionUuid: string, key: string, content: Buffer) =>
  agent.request({
    method: 'POST',
    url: `${API}/upload-evidence-photo?executionUuid=${executionUuid}&questionKey=${encodeURIComponent(key)}`,
    payload: content,
    headers: { 'content-type': 'application/octet-stream' },
  });

/** A task of `type` assigned to acme/member alone, and the member's started analysis of it. */
async function memberAnalysis(type: string, title: string): Promise<string> {
  const { uuid } = await ok<{ uuid: string }>(admin, 'save-settings', { title, type, dueDate: null, active: true });
  await ok(admin, 'assign-member', { uuid, memberUuids: [memberId] });
  const [task] = await server.db.query<{ uuid: string }>(
    'SELECT uuid FROM risk_assessment_member_task WHERE task_uuid = $1 AND member_uuid = $2',
    [uuid, memberId],
  );
  const { executionUuid } = await ok<{ executionUuid: string }>(member, 'create-execution', {
    memberTaskUuid: task?.uuid,
  });
  return executionUuid;
}

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login('acme', 'admin');
  member = await server.login('acme', 'member');
  ouAdmin = await server.login('acme', 'ou.admin');
  const [client] = await server.db.query<{ uuid: string }>("SELECT uuid FROM client WHERE identifier = 'acme'");
  acme = client?.uuid ?? '';
  memberId = await memberUuid(server.db, 'acme', 'member');
  const [other] = await server.db.query<{ username: string }>(
    `SELECT username FROM member WHERE client_uuid = $1 AND role = 'member' AND username <> 'member'
        AND archived_at IS NULL AND status = 'active' ORDER BY username LIMIT 1`,
    [acme],
  );
  colleague = await server.login('acme', other?.username ?? '');
  execution = await memberAnalysis('general-hazards', 'Evidence: inspection');
  const [question] = await server.db.query<{ key: string }>(
    "SELECT key FROM risk_assessment_question WHERE type_identifier = 'general-hazards' AND NOT retired ORDER BY key LIMIT 1",
  );
  questionKey = question?.key ?? '';
});

afterAll(async () => {
  await server?.close();
});

describe('evidence photos on an inspection', () => {
  it('keeps a photo without its metadata (no GPS position) and answers it to the member only', async () => {
    const response = await upload(member, execution, questionKey, phonePhoto(1));
    expect(response.statusCode, response.body).toBe(200);
    const photo = evidencePhotoSchema.parse(response.json());
    expect(photo).toMatchObject({ questionKey, width: 1200, height: 900 });
    const list = evidencePhotoListResponseSchema.parse(
      await ok(member, 'read-evidence-photo-list', { executionUuid: execution }),
    );
    expect(list.items.map((item) => item.uuid)).toEqual([photo.uuid]);

    const image = await member.post(`${API}/read-evidence-photo`, { uuid: photo.uuid });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    const bytes = image.rawPayload.toString('latin1');
    expect(bytes.startsWith('\xff\xd8')).toBe(true);
    expect(bytes).not.toContain('Exif');
    expect(bytes).not.toContain('GPSLatitude');
    const [stored] = await server.db.query<{ content: Uint8Array }>(
      'SELECT content FROM risk_assessment_evidence_photo WHERE uuid = $1',
      [photo.uuid],
    );
    expect(Buffer.from(stored?.content ?? []).toString('latin1')).not.toContain('GPS');

    // Somebody else's analysis: his photos are unknown, and he can add none.
    expectError(await colleague.post(`${API}/read-evidence-photo`, { uuid: photo.uuid }), 404, 'Evidence.NotFound');
    expectError(
      await upload(colleague, execution, questionKey, phonePhoto(2)),
      403,
      'RiskAssessmentExecution.NotMembers',
    );
    expectError(
      await colleague.post(`${API}/delete-evidence-photo`, { uuid: photo.uuid }),
      403,
      'RiskAssessmentExecution.NotMembers',
    );
  });

  it('refuses what is no JPEG, a body over the limit, a sixth photo and an unknown question; nothing is stored', async () => {
    const before = await server.db.query('SELECT uuid FROM risk_assessment_evidence_photo ORDER BY uuid');
    expectError(
      await upload(member, execution, questionKey, Buffer.from('<svg onload="alert(1)"/>')),
      400,
      'Evidence.InvalidImage',
    );
    expectError(
      await upload(
        member,
        execution,
        questionKey,
        Buffer.concat([phonePhoto(3), Buffer.alloc(EVIDENCE_PHOTO_MAX_BYTES)]),
      ),
      413,
      'Request.TooLarge',
    );
    expectError(await upload(member, execution, 'no-such-question', phonePhoto(4)), 400, 'Schema.ValidationFailed');
    expect(await server.db.query('SELECT uuid FROM risk_assessment_evidence_photo ORDER BY uuid')).toEqual(before);

    const [{ count } = { count: 0 }] = await server.db.query<{ count: number }>(
      'SELECT count(*)::int AS count FROM risk_assessment_evidence_photo WHERE execution_uuid = $1 AND question_key = $2',
      [execution, questionKey],
    );
    for (let index = count; index < EVIDENCE_PHOTOS_PER_ANSWER; index += 1) {
      expect((await upload(member, execution, questionKey, phonePhoto(10 + index))).statusCode).toBe(200);
    }
    expectError(await upload(member, execution, questionKey, phonePhoto(20)), 409, 'Evidence.TooMany');
    // One removed: room for another.
    const list = evidencePhotoListResponseSchema.parse(
      await ok(member, 'read-evidence-photo-list', { executionUuid: execution }),
    );
    await ok(member, 'delete-evidence-photo', { uuid: list.items[0]?.uuid });
    expect((await upload(member, execution, questionKey, phonePhoto(21))).statusCode).toBe(200);
  });

  it('takes no photo for a survey: it is anonymous', async () => {
    // Surveys go to units (one person's answers are no group): the root unit, which holds everybody.
    const { uuid } = await ok<{ uuid: string }>(admin, 'save-settings', {
      title: 'Evidence: survey',
      type: 'mental-load',
      dueDate: null,
      active: true,
    });
    const [root] = await server.db.query<{ uuid: string }>(
      'SELECT uuid FROM org_unit WHERE client_uuid = $1 AND parent_uuid IS NULL',
      [acme],
    );
    await ok(admin, 'assign-org-units', { uuid, orgUnitUuids: [root?.uuid] });
    const [task] = await server.db.query<{ uuid: string }>(
      'SELECT uuid FROM risk_assessment_member_task WHERE task_uuid = $1 AND member_uuid = $2',
      [uuid, memberId],
    );
    const { executionUuid: survey } = await ok<{ executionUuid: string }>(member, 'create-execution', {
      memberTaskUuid: task?.uuid,
    });
    const [question] = await server.db.query<{ key: string }>(
      "SELECT key FROM risk_assessment_question WHERE type_identifier = 'mental-load' ORDER BY key LIMIT 1",
    );
    expectError(await upload(member, survey, question?.key ?? '', phonePhoto(30)), 409, 'Evidence.SurveyAnonymous');
  });

  it('shows the notes and photos beside the risk and prints them with the action list', async () => {
    // The unit's inspection evaluated (made in the database: the flow is risk-evaluation.test.ts's): the member's
    // analysis with its photo became a result with a note on the question; the evaluation has a risk for it.
    const [root] = await server.db.query<{ uuid: string }>(
      'SELECT uuid FROM org_unit WHERE client_uuid = $1 AND parent_uuid IS NULL',
      [acme],
    );
    const [row] = await server.db.query<{ evaluation: string; assignment: string; task: string }>(
      `WITH t AS (INSERT INTO risk_assessment_task (client_uuid, title, type, due_date)
                  VALUES ($1, 'Evidence: evaluated', 'general-hazards', current_date + 30) RETURNING uuid),
            a AS (INSERT INTO risk_assessment_assignment (client_uuid, task_uuid, kind, org_unit_uuid)
                  SELECT $1, t.uuid, 'org-unit', $2 FROM t RETURNING uuid, task_uuid),
            ev AS (INSERT INTO risk_assessment_evaluation (client_uuid, task_uuid, assignment_uuid, status, analysis_count, matrix_version)
                   SELECT $1, a.task_uuid, a.uuid, 'actionsAgreed', 6, 'nohl-additive-5x5-v1' FROM a RETURNING uuid)
       SELECT ev.uuid AS evaluation, a.uuid AS assignment, a.task_uuid AS task FROM ev, a`,
      [acme, root?.uuid],
    );
    await server.db.query('UPDATE risk_assessment_execution SET assignment_uuid = $2, task_uuid = $3 WHERE uuid = $1', [
      execution,
      row?.assignment,
      row?.task,
    ]);
    const [result] = await server.db.query<{ uuid: string }>(
      `INSERT INTO risk_assessment_result (client_uuid, task_uuid, assignment_uuid, org_unit_uuid, type_identifier, kind,
                                           execution_uuid, assessed_by_member_uuid, assessed_by_name, assessed_at)
       VALUES ($1, $2, $3, $4, 'general-hazards', 'inspection', $5, $6, 'Mara Mitarbeiter', now()) RETURNING uuid`,
      [acme, row?.task, row?.assignment, root?.uuid, execution, memberId],
    );
    await server.db.query(
      `INSERT INTO risk_assessment_result_answer (result_uuid, question_key, group_key, value, risk_weight, note, load,
                                                  hazard_factor_group, source, target, measures)
       SELECT $1, q.key, q.group_key, 4, 3, 'Stolperkante am Rolltor, Markierung abgefahren', q.load, q.hazard_factor_group,
              q.source, q.target, q.measures
         FROM risk_assessment_question q WHERE q.type_identifier = 'general-hazards' AND q.key = $2`,
      [result?.uuid, questionKey],
    );
    const [risk] = await server.db.query<{ uuid: string }>(
      `INSERT INTO risk_assessment_risk (client_uuid, evaluation_uuid, question_key, group_key, hazard_factor_group, load,
                                         source, target, measures, probability, severity, risk_factor, matrix_version, status)
       SELECT $1, $2, q.key, q.group_key, q.hazard_factor_group, q.load, q.source, q.target, q.measures, 3, 4, 7,
              'nohl-additive-5x5-v1', 'riskActionAgreed'
         FROM risk_assessment_question q WHERE q.type_identifier = 'general-hazards' AND q.key = $3 RETURNING uuid`,
      [acme, row?.evaluation, questionKey],
    );
    await server.db.query(
      `INSERT INTO risk_assessment_action (client_uuid, evaluation_uuid, risk_uuid, origin, stop, description,
                                           responsible_member_uuid, due_date)
       VALUES ($1, $2, $3, 'custom', 'technical', '{"de_DE":"Rolltor-Schwelle abflachen","en_GB":"Flatten the door sill"}', $4, current_date + 14)`,
      [acme, row?.evaluation, risk?.uuid, memberId],
    );
    const photos = {
      items: await server.db.query<{ uuid: string }>(
        'SELECT uuid FROM risk_assessment_evidence_photo WHERE execution_uuid = $1 ORDER BY created_at, uuid',
        [execution],
      ),
    };

    const details = riskDetailsSchema.parse(await ok(admin, 'read-risk-details', { uuid: risk?.uuid }));
    expect(details.evidence).toEqual([
      {
        assessedByName: 'Mara Mitarbeiter',
        note: 'Stolperkante am Rolltor, Markierung abgefahren',
        photoUuids: photos.items.map((item) => item.uuid),
      },
    ]);
    const list = riskListResponseSchema.parse(
      await ok(admin, 'read-risk-list', { uuid: row?.evaluation, filter: {}, perPage: 100 }),
    );
    expect(list.items[0]?.evidenceCount).toBe(1 + photos.items.length);
    // The evaluators see the photos; an ou-admin of other units does not.
    expect((await admin.post(`${API}/read-evidence-photo`, { uuid: photos.items[0]?.uuid })).statusCode).toBe(200);
    expectError(
      await ouAdmin.post(`${API}/read-evidence-photo`, { uuid: photos.items[0]?.uuid }),
      404,
      'Evidence.NotFound',
    );

    const pdf = await admin.post(`${API}/export-risk-action-list`, {
      uuid: row?.evaluation,
      format: 'pdf',
      language: 'de_DE',
    });
    expect(pdf.statusCode).toBe(200);
    const raw = pdf.rawPayload.toString('latin1');
    const text = pdfText(pdf.rawPayload).replace(/\n/g, ' ');
    expect(text).toContain('Nachweise aus der Begehung');
    expect(text).toContain('Mara Mitarbeiter: Stolperkante am Rolltor, Markierung abgefahren');
    expect(raw.match(/\/Subtype \/Image/g)?.length).toBe(photos.items.length);
  });
});
