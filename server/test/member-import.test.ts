import iconv from 'iconv-lite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Agent, createTestServer, errorCode, expectError, type InjectResponse, type TestServer } from './helpers';

let server: TestServer;
let admin: Agent;

beforeAll(async () => {
  server = await createTestServer();
  admin = await server.login('acme', 'admin');
});
afterAll(async () => {
  await server?.close();
});

/** A multipart body as a browser's FormData sends it: the file under `file`, plus string fields. */
function multipartBody(filename: string, content: Buffer, fields: Record<string, string> = {}) {
  const boundary = `----import${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    content,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

function upload(agent: Agent, filename: string, content: Buffer, fields: Record<string, string> = {}) {
  const body = multipartBody(filename, content, fields);
  return agent.request({
    method: 'POST',
    url: '/api/memberimport/upload-csv',
    // inject takes a Buffer as well: the bytes must reach the server as they are (Windows-1252 is not UTF-8).
    payload: body.payload as unknown as string,
    headers: { 'content-type': body.contentType },
  });
}

const cp1252 = (text: string) => iconv.encode(text, 'win1252');
const utf8 = (text: string) => Buffer.from(text, 'utf8');
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

interface Uploaded {
  cursorUuid: string;
  encoding: string;
  delimiter: string;
  headerLine: number;
  headers: string[];
  rowCount: number;
  previewRows: string[][];
  proposedMapping: Record<string, number | null>;
}

async function uploadOk(content: Buffer, filename = 'staff.csv', agent = admin): Promise<Uploaded> {
  const response = await upload(agent, filename, content);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as Uploaded;
}

function options(uploaded: Uploaded, extra: Record<string, unknown> = {}) {
  return { cursorUuid: uploaded.cursorUuid, mapping: uploaded.proposedMapping, passwordMode: 'noPassword', ...extra };
}

async function waitForJob(agent: Agent, uuid: string, timeoutMs = 30_000) {
  const started = Date.now();
  for (;;) {
    const response = await agent.post('/api/batch-job/read-status', { uuid });
    expect(response.statusCode, response.body).toBe(200);
    const job = response.json() as {
      status: string;
      done: number;
      total: number;
      result: Record<string, number> | null;
      errorCode: string | null;
    };
    if (['finished', 'failedInitializing', 'failedEnding'].includes(job.status)) return job;
    if (Date.now() - started > timeoutMs) throw new Error(`job ${uuid} still ${job.status}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function importAndWait(uploaded: Uploaded, extra: Record<string, unknown> = {}, agent = admin) {
  const started = await agent.post('/api/memberimport/import-csv', options(uploaded, extra));
  expect(started.statusCode, started.body).toBe(200);
  const job = started.json() as { uuid: string; status: string };
  expect(job.status).toBe('created');
  return { uuid: job.uuid, ...(await waitForJob(agent, job.uuid)) };
}

async function membersNamed(usernames: string[]) {
  return server.db.query<{
    username: string;
    first_name: string;
    last_name: string;
    email: string | null;
    language: string;
    role: string;
  }>(
    `SELECT m.username, m.first_name, m.last_name, m.email, m.language, m.role FROM member m JOIN client c ON c.uuid = m.client_uuid
      WHERE c.identifier = 'acme' AND m.username = ANY($1) ORDER BY m.username`,
    [usernames],
  );
}

describe('detection: encoding, delimiter, header row', () => {
  it('reads a German Excel file: Windows-1252, `;`, umlauts', async () => {
    const file = cp1252(
      'Vorname;Nachname;E-Mail;Benutzername\r\nJürgen;Müßig;jm@example.com;juergen.muessig\r\nÄnne;Öztürk;;aenne.oeztuerk\r\n',
    );
    const uploaded = await uploadOk(file);
    expect(uploaded).toMatchObject({
      encoding: 'windows-1252',
      delimiter: ';',
      headerLine: 1,
      headers: ['Vorname', 'Nachname', 'E-Mail', 'Benutzername'],
      rowCount: 2,
      previewRows: [
        ['Jürgen', 'Müßig', 'jm@example.com', 'juergen.muessig'],
        ['Änne', 'Öztürk', '', 'aenne.oeztuerk'],
      ],
    });
    expect(uploaded.proposedMapping).toMatchObject({
      firstName: 0,
      lastName: 1,
      email: 2,
      username: 3,
      phoneNumber: null,
    });
  });

  it('reads UTF-8 with a byte order mark and `,`, with English headers', async () => {
    const file = Buffer.concat([
      BOM,
      utf8('First name,Surname,Email,Username,Mobile\nZoë,Ångström,z@example.com,zoe.a,+49 171 1234567\n'),
    ]);
    const uploaded = await uploadOk(file);
    expect(uploaded).toMatchObject({
      encoding: 'utf-8-bom',
      delimiter: ',',
      headers: ['First name', 'Surname', 'Email', 'Username', 'Mobile'],
    });
    expect(uploaded.previewRows[0]?.[0]).toBe('Zoë');
    expect(uploaded.proposedMapping).toMatchObject({
      firstName: 0,
      lastName: 1,
      email: 2,
      username: 3,
      mobileNumber: 4,
    });
  });

  it('reads UTF-8 without a byte order mark, tab-separated', async () => {
    const uploaded = await uploadOk(utf8('Last name\tFirst name\tLanguage\nGöbel\tÜlla\tEnglish\n'));
    expect(uploaded).toMatchObject({
      encoding: 'utf-8',
      delimiter: '\t',
      headers: ['Last name', 'First name', 'Language'],
    });
    expect(uploaded.previewRows).toEqual([['Göbel', 'Ülla', 'English']]);
    expect(uploaded.proposedMapping).toMatchObject({ lastName: 0, firstName: 1, language: 2 });
  });

  it('reads ISO-8859-1 text as Windows-1252', async () => {
    const uploaded = await uploadOk(iconv.encode('Vorname;Nachname\nFrançois;Weiß\n', 'latin1'));
    expect(uploaded.encoding).toBe('windows-1252');
    expect(uploaded.previewRows).toEqual([['François', 'Weiß']]);
  });

  it('keeps quoted fields with an embedded `;`, quotes and line breaks, and counts lines from where a row starts', async () => {
    const file = cp1252(
      'Vorname;Nachname;Straße;Ort\r\n"Anna";"Berg; geb. Tal";"Hauptstr. 1\r\nHinterhaus";"Köln"\r\nBen;"Der ""Boss""";Weg 2;Bonn\r\nCem;Ufuk;Allee 3;Ulm;\r\n',
    );
    const uploaded = await uploadOk(file);
    expect(uploaded.delimiter).toBe(';');
    expect(uploaded.previewRows).toEqual([
      ['Anna', 'Berg; geb. Tal', 'Hauptstr. 1\r\nHinterhaus', 'Köln'],
      ['Ben', 'Der "Boss"', 'Weg 2', 'Bonn'],
      ['Cem', 'Ufuk', 'Allee 3', 'Ulm', ''],
    ]);
    // A row error names the line the row starts on: Cem's row starts on line 5 (Anna's spans 2 and 3).
    const summary = await admin.post('/api/memberimport/check-csv', {
      ...options(uploaded),
      mapping: { ...uploaded.proposedMapping, email: 2 },
    });
    const lines = summary.json().errors.map((error: { line: number }) => error.line);
    expect([...new Set(lines)]).toEqual([2, 4, 5]);
  });

  it('finds the header row below a title line', async () => {
    const uploaded = await uploadOk(
      cp1252(
        'Mitarbeiterliste Stand 01.01.2026\r\n\r\nPersonalnummer;Vorname;Nachname;Org-Einheit;Standort\r\n4711;Eva;Ernst;Produktion;Werk Hamburg\r\n',
      ),
    );
    expect(uploaded).toMatchObject({
      headerLine: 3,
      rowCount: 1,
      headers: ['Personalnummer', 'Vorname', 'Nachname', 'Org-Einheit', 'Standort'],
    });
    expect(uploaded.proposedMapping).toMatchObject({
      personnelNumber: 0,
      firstName: 1,
      lastName: 2,
      orgUnit: 3,
      location: 4,
    });
  });

  it('answers a malformed file with MemberImport.CsvProcessingFailed and the line where it breaks', async () => {
    const response = await upload(admin, 'broken.csv', utf8('Vorname;Nachname\nA;B\n"C;D\nE;F\n'));
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toEqual({ error: { code: 'MemberImport.CsvProcessingFailed', line: 3 } });
    const empty = await upload(admin, 'empty.csv', utf8('\n\n'));
    expect(errorCode(empty)).toBe('MemberImport.CsvProcessingFailed');
  });

  it('refuses other file types and files over the limit', async () => {
    expectError(await upload(admin, 'staff.exe', utf8('a;b\n')), 415, 'File.InvalidType');
    const big = Buffer.alloc(20 * 1024 * 1024 + 10, 'a');
    expectError(await upload(admin, 'big.csv', big), 413, 'Request.TooLarge');
    expectError(await upload(admin, 'staff.csv', utf8('a;b\n'), { extra: '1' }), 400, 'Schema.ValidationFailed');
    const json = await admin.post('/api/memberimport/upload-csv', {});
    expectError(json, 415, 'Request.UnsupportedMediaType');
  });
});

describe('summary before anything is written', () => {
  it('names every row error with line, column and message key, and writes nothing', async () => {
    const header = 'Benutzername;Vorname;Nachname;E-Mail;Telefon;PLZ;Land;Org-Einheit;Standort;Rolle;Sprache';
    const lines = [
      'ok.one;Olga;Eins;olga@example.com;+49 30 1234567;10115;DE;Produktion;Werk Hamburg;Mitarbeiter;Deutsch', // 2
      'bad.mail;Bea;Mail;not-an-address;;;;;;;', // 3
      'bad.phone;Pia;Phone;;12ab;;;;;;', // 4
      'bad.zip;Zoe;Zip;;;1234;DE;;;;', // 5
      'ok.one;Dup;Licate;;;;;;;;', // 6: username twice in the file
      'unit.unknown;Ute;Unit;;;;;Forschung;;;', // 7
      'place.unknown;Paul;Place;;;;;;Werk Atlantis;;', // 8
      'Bad Name!;Nina;Name;;;;;;;;', // 9
      ';Norbert;;;;;;;;;', // 10: no username, no e-mail, no last name
      'role.bad;Rolf;Role;;;;;;;Chef;', // 11
      'role.super;Sue;Super;;;;;;;super-admin;', // 12
      'lang.bad;Lea;Lang;;;;;;;;Klingonisch', // 13
      'country.bad;Cora;Country;;;12345;XX;;;;', // 14
    ];
    const uploaded = await uploadOk(cp1252(`${header}\r\n${lines.join('\r\n')}\r\n`));
    const before = await server.db.query('SELECT count(*)::int AS n FROM member');
    const response = await admin.post('/api/memberimport/check-csv', options(uploaded));
    expect(response.statusCode, response.body).toBe(200);
    const summary = response.json();
    expect(summary).toMatchObject({
      total: 13,
      created: 1,
      updated: 0,
      unchanged: 0,
      skipped: 12,
      matchBy: 'username',
    });
    const errors = (
      summary.errors as Array<{ line: number; column: string; key: string; params: Record<string, unknown> }>
    ).map((error) => [error.line, error.column, error.key]);
    expect(errors).toEqual([
      [3, 'E-Mail', 'email'],
      [4, 'Telefon', 'phoneNumber'],
      [5, 'PLZ', 'zipcode'],
      [6, 'Benutzername', 'usernameDuplicateInFile'],
      [7, 'Org-Einheit', 'orgUnitUnknown'],
      [8, 'Standort', 'locationUnknown'],
      [9, 'Benutzername', 'username'],
      [10, 'Nachname', 'required'],
      [10, 'Benutzername', 'required'],
      [11, 'Rolle', 'roleInvalid'],
      [12, 'Rolle', 'roleNotAllowed'],
      [13, 'Sprache', 'languageInvalid'],
      [14, 'Land', 'zipcode'],
    ]);
    // The spec's postal-code messages, word for word.
    expect(summary.errors[2].params.detail).toBe('Postal code 1234 is not valid for country DE');
    expect(summary.errors.at(-1).params.detail).toBe('Unknown alpha2/alpha3 country code: XX');
    expect(summary.errorCount).toBe(13);
    expect(await server.db.query('SELECT count(*)::int AS n FROM member')).toEqual(before);
  });

  it('names a username taken by another member and one of an archived member', async () => {
    const [archived] = await server.db.query<{ username: string }>(
      "SELECT m.username FROM member m JOIN client c ON c.uuid = m.client_uuid WHERE c.identifier = 'acme' AND m.archived_at IS NOT NULL LIMIT 1",
    );
    // No username column: rows are matched by e-mail; the generated first.last of a seeded member is not free.
    const [seeded] = await server.db.query<{ username: string; first_name: string; last_name: string }>(
      `SELECT m.username, m.first_name, m.last_name FROM member m JOIN client c ON c.uuid = m.client_uuid
        WHERE c.identifier = 'acme' AND m.archived_at IS NULL AND m.username LIKE '%.%' AND m.username NOT LIKE '%admin%'
        ORDER BY m.username LIMIT 1`,
    );
    const uploaded = await uploadOk(
      cp1252(`Vorname;Nachname;E-Mail\r\n${seeded?.first_name};${seeded?.last_name};someone.else@example.com\r\n`),
    );
    const summary = (
      await admin.post('/api/memberimport/check-csv', { ...options(uploaded), nameOption: 'firstname.lastname' })
    ).json();
    expect(summary.matchBy).toBe('email');
    expect(summary.errors).toMatchObject([
      { line: 2, column: null, key: 'usernameTaken', params: { value: seeded?.username } },
    ]);
    const withUsername = await uploadOk(
      cp1252(`Benutzername;Vorname;Nachname\r\n${archived?.username};Alt;Archiv\r\n`),
    );
    const archivedSummary = (await admin.post('/api/memberimport/check-csv', options(withUsername))).json();
    expect(archivedSummary.errors[0]).toMatchObject({ line: 2, column: 'Benutzername', key: 'memberArchived' });
  });

  it('downloads the rows with errors as a formula-safe CSV for German Excel', async () => {
    const uploaded = await uploadOk(
      cp1252(
        'Benutzername;Vorname;Nachname;E-Mail\r\n=cmd.exe;Evil;Formula;x\r\nok.two;Okay;Zwei;ok2@example.com\r\n@bad;+Plus;-Minus;a@b\r\n',
      ),
      'personal.csv',
    );
    const response = await admin.post('/api/memberimport/error-rows', options(uploaded));
    expect(response.statusCode, response.body).toBe(200);
    const { filename, content } = response.json() as { filename: string; content: string };
    expect(filename).toBe('personal-errors.csv');
    expect(content.startsWith('\uFEFFBenutzername;Vorname;Nachname;E-Mail;line;errors\r\n')).toBe(true);
    const rows = content.split('\r\n');
    expect(rows[1]).toMatch(/^"'=cmd\.exe";Evil;Formula;x;2;/);
    expect(rows[2]).toMatch(/^"'@bad";"'\+Plus";"'-Minus";a@b;4;/);
    expect(content).not.toContain('ok.two');
  });

  it('reads a downloaded error-rows file, fixed and uploaded again, as written (the formula guard comes off)', async () => {
    const uploaded = await uploadOk(
      cp1252('Benutzername;Vorname;Nachname;E-Mail;Mobil\r\nround.trip;Rita;Rund;kaputt;+49 171 2345678\r\n'),
    );
    const { content } = (await admin.post('/api/memberimport/error-rows', options(uploaded))).json() as {
      content: string;
    };
    expect(content).toContain(`"'+49 171 2345678"`);
    // The user fixes the e-mail in Excel and uploads the same file again (UTF-8 with BOM, `;`, extra columns).
    const fixed = await uploadOk(Buffer.from(content.replace('kaputt', 'rita.rund@example.com'), 'utf8'));
    expect(fixed).toMatchObject({ encoding: 'utf-8-bom', delimiter: ';' });
    const summary = (await admin.post('/api/memberimport/check-csv', options(fixed))).json();
    expect(summary).toMatchObject({ created: 1, skipped: 0, errorCount: 0 });
  });
});

describe('the import job', () => {
  const FILE = [
    'Benutzername;Vorname;Nachname;E-Mail;Sprache;Org-Einheit;Standort;Personalnummer',
    'imp.jaeger;Jörg;Jäger;joerg.jaeger@example.com;Deutsch;Produktion;Werk Hamburg;1001',
    'imp.weiss;Bärbel;Weiß;baerbel.weiss@example.com;English;Logistik;Lager München;1002',
    'imp.oz;Özlem;Öztürk;;de;;;1003',
  ].join('\r\n');

  it('lands every row, with memberships and an audit trail, and a second run creates nobody twice', async () => {
    const uploaded = await uploadOk(cp1252(`${FILE}\r\n`));
    const version = async () =>
      (
        await server.db.query<{ v: string }>(
          "SELECT coalesce(v.version, 0)::text AS v FROM client c LEFT JOIN data_version v ON v.scope = 'company' AND v.key = c.uuid WHERE c.identifier = 'acme'",
        )
      )[0]?.v;
    const versionBefore = await version();
    const job = await importAndWait(uploaded, { passwordMode: 'initial', password: 'a'.repeat(64) });
    expect(job).toMatchObject({ status: 'finished', total: 3, done: 3, errorCode: null });
    expect(job.result).toEqual({ created: 3, updated: 0, unchanged: 0, skipped: 0, welcomeMails: 0 });
    expect(await membersNamed(['imp.jaeger', 'imp.oz', 'imp.weiss'])).toEqual([
      {
        username: 'imp.jaeger',
        first_name: 'Jörg',
        last_name: 'Jäger',
        email: 'joerg.jaeger@example.com',
        language: 'de_DE',
        role: 'member',
      },
      { username: 'imp.oz', first_name: 'Özlem', last_name: 'Öztürk', email: null, language: 'de_DE', role: 'member' },
      {
        username: 'imp.weiss',
        first_name: 'Bärbel',
        last_name: 'Weiß',
        email: 'baerbel.weiss@example.com',
        language: 'en_GB',
        role: 'member',
      },
    ]);
    // The company version moved once per transaction of the job (migration 019), not once per member or statement:
    // one step writing the hidden members and the reveal (their follow-up changes no member: landing.ts).
    expect(BigInt((await version()) ?? 0) - BigInt(versionBefore ?? 0)).toBe(2n);
    const units = await server.db.query<{ username: string; unit: string; place: string }>(
      `SELECT m.username, o.name AS unit, l.name AS place FROM member m
         JOIN org_unit_member om ON om.member_uuid = m.uuid JOIN org_unit o ON o.uuid = om.org_unit_uuid
         JOIN location_member lm ON lm.member_uuid = m.uuid JOIN location l ON l.uuid = lm.location_uuid
        WHERE m.username IN ('imp.jaeger', 'imp.weiss') ORDER BY m.username`,
    );
    expect(units).toEqual([
      { username: 'imp.jaeger', unit: 'Produktion', place: 'Werk Hamburg' },
      { username: 'imp.weiss', unit: 'Logistik', place: 'Lager München' },
    ]);
    const audit = await server.db.query<{ action: string; n: number }>(
      `SELECT action, count(*)::int AS n FROM audit_entry WHERE action LIKE 'member%import%' AND (entity_uuid = $1 OR after->>'job' = $1::text)
        GROUP BY action ORDER BY action`,
      [job.uuid],
    );
    expect(audit).toEqual([
      { action: 'member-import.run', n: 1 },
      { action: 'member.import-create', n: 3 },
    ]);
    // New members can sign in with the initial password (its SHA-256 was sent).
    const hashes = await server.db.query<{ password_hash: string | null }>(
      "SELECT password_hash FROM member WHERE username LIKE 'imp.%'",
    );
    expect(hashes.every((row) => row.password_hash?.startsWith('scrypt$'))).toBe(true);

    // Again, with one change: nobody is created twice, the changed row is an update, the rest unchanged.
    const again = await uploadOk(cp1252(`${FILE.replace('Bärbel;Weiß;', 'Bärbel;Weiß-Schmidt;')}\r\n`));
    const summary = (await admin.post('/api/memberimport/check-csv', options(again))).json();
    expect(summary).toMatchObject({ created: 0, updated: 1, unchanged: 2, skipped: 0 });
    const second = await importAndWait(again);
    expect(second.result).toEqual({ created: 0, updated: 1, unchanged: 2, skipped: 0, welcomeMails: 0 });
    expect((await membersNamed(['imp.weiss']))[0]?.last_name).toBe('Weiß-Schmidt');
    const count = await server.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM member WHERE username LIKE 'imp.%'",
    );
    expect(count[0]?.n).toBe(3);
    const [update] = await server.db.query<{ before: unknown; after: Record<string, unknown> }>(
      "SELECT before, after FROM audit_entry WHERE action = 'member.import-update' AND after->>'job' = $1",
      [second.uuid],
    );
    expect(update?.before).toEqual({ lastName: 'Weiß' });
    expect(update?.after).toMatchObject({ lastName: 'Weiß-Schmidt' });
  });

  it('matches by e-mail when no username column is assigned, and generates first.last usernames', async () => {
    // Hans is found again by his e-mail; Björn, without one, by the username generated for him the first time.
    const file = cp1252('Vorname;Nachname;E-Mail\r\nHans;Grüner;hans.gruener@example.com\r\nBjörn;Übel;\r\n');
    const first = await importAndWait(await uploadOk(file), { nameOption: 'firstname.lastname' });
    expect(first.result).toMatchObject({ created: 2 });
    expect(await membersNamed(['bjoern.uebel', 'hans.gruener'])).toHaveLength(2);
    const second = await importAndWait(await uploadOk(file), { nameOption: 'firstname.lastname' });
    expect(second.result).toMatchObject({ created: 0, unchanged: 2, skipped: 0 });
  });

  it('sends welcome mails after the job landed, through the outbox, once per member', async () => {
    const outbox = () =>
      server.db.query<{ recipient: string }>(
        "SELECT recipient FROM mail_outbox WHERE recipient LIKE 'welcome.%' ORDER BY recipient",
      );
    const file = cp1252(
      'Benutzername;Vorname;Nachname;E-Mail\r\nwelcome.one;Wil;Kommen;welcome.one@example.com\r\nwelcome.two;Will;Kommen;welcome.two@example.com\r\n',
    );
    const job = await importAndWait(await uploadOk(file), { passwordMode: 'byEmail' });
    expect(job.result).toMatchObject({ created: 2, welcomeMails: 2 });
    await expect
      .poll(async () => (await outbox()).map((row) => row.recipient), { timeout: 10_000 })
      .toEqual(['welcome.one@example.com', 'welcome.two@example.com']);
    await importAndWait(await uploadOk(file), { passwordMode: 'byEmail' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await outbox()).toHaveLength(2);
  });

  it('refuses options that do not fit together', async () => {
    const uploaded = await uploadOk(cp1252('Vorname;Nachname\r\nA;B\r\n'));
    expectError(
      await admin.post('/api/memberimport/check-csv', options(uploaded, { passwordMode: 'initial' })),
      400,
      'Password.Empty',
    );
    expectError(
      await admin.post('/api/memberimport/import-csv', options(uploaded, { passwordMode: 'byColumn' })),
      400,
      'Password.InvalidMode',
    );
  });

  it('checks passwords of a password column and hashes each', async () => {
    const file = cp1252(
      'Benutzername;Vorname;Nachname;Passwort\r\npw.good;Gut;Passwort;Sicher#2026\r\npw.weak;Schwach;Passwort;geheim\r\n',
    );
    const uploaded = await uploadOk(file);
    const summary = (
      await admin.post('/api/memberimport/check-csv', options(uploaded, { passwordMode: 'byColumn' }))
    ).json();
    expect(summary.errors).toMatchObject([{ line: 3, column: 'Passwort', key: 'password' }]);
    const job = await importAndWait(uploaded, { passwordMode: 'byColumn' });
    expect(job.result).toMatchObject({ created: 1, skipped: 1 });
    const signIn = await (await server.anonymous()).login('acme', 'pw.good', 'Sicher#2026');
    expect(signIn.statusCode).toBe(200);
  });

  it("gives new members the tasks of their unit, and moves an updated member's open tasks with his unit", async () => {
    // What the task rules say a member of each unit gets (e-learnings of the unit and every unit above it, analyses of
    // the unit's assignments), compared after the import with what the members have.
    const expected = async (unit: string) =>
      server.db.query<{ elearning_uuid: string }>(
        `WITH RECURSIVE up AS (SELECT o.uuid, o.parent_uuid FROM org_unit o JOIN client c ON c.uuid = o.client_uuid
                                WHERE c.identifier = 'acme' AND o.name = $1
                               UNION SELECT p.uuid, p.parent_uuid FROM org_unit p JOIN up ON p.uuid = up.parent_uuid)
         SELECT DISTINCT a.elearning_uuid FROM elearning_org_unit a JOIN up ON up.uuid = a.org_unit_uuid
           JOIN elearning e ON e.uuid = a.elearning_uuid
          WHERE e.active AND (e.deactivate_on IS NULL OR e.deactivate_on > current_date)
          ORDER BY 1`,
        [unit],
      );
    const tasksOf = async (username: string) =>
      server.db.query<{ elearning_uuid: string }>(
        `SELECT DISTINCT t.elearning_uuid FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid
          WHERE m.username = $1 AND t.completed_at IS NULL AND t.reset_at IS NULL ORDER BY 1`,
        [username],
      );
    const produktion = await expected('Produktion');
    const logistik = await expected('Logistik');
    expect(produktion.length).toBeGreaterThan(0);
    expect(produktion).not.toEqual(logistik);
    const first = await importAndWait(
      await uploadOk(cp1252('Benutzername;Vorname;Nachname;Org-Einheit\r\ntask.neu;Tanja;Neu;Produktion\r\n')),
    );
    expect(first.result).toMatchObject({ created: 1 });
    expect(await tasksOf('task.neu')).toEqual(produktion);
    const [analyses] = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM risk_assessment_member_task t JOIN member m ON m.uuid = t.member_uuid
        WHERE m.username = 'task.neu'`,
    );
    const [assigned] = await server.db.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM risk_assessment_assignment a JOIN org_unit o ON o.uuid = a.org_unit_uuid
         JOIN risk_assessment_task t ON t.uuid = a.task_uuid
        WHERE o.name = 'Produktion' AND t.active AND t.status = 'analysing'
          AND NOT EXISTS (SELECT 1 FROM risk_assessment_evaluation ev WHERE ev.assignment_uuid = a.uuid)`,
    );
    expect(analyses?.count).toBe(assigned?.count);
    // The same member moved to Logistik by a second file: the open tasks of Produktion go, Logistik's come.
    const second = await importAndWait(
      await uploadOk(cp1252('Benutzername;Vorname;Nachname;Org-Einheit\r\ntask.neu;Tanja;Neu;Logistik\r\n')),
    );
    expect(second.result).toMatchObject({ updated: 1 });
    const [units] = await server.db.query<{ names: string[] }>(
      `SELECT array_agg(o.name ORDER BY o.name) AS names FROM org_unit_member om JOIN org_unit o ON o.uuid = om.org_unit_uuid
         JOIN member m ON m.uuid = om.member_uuid WHERE m.username = 'task.neu'`,
    );
    const logistikOnly = units?.names.length === 1;
    // An import adds units (a member may belong to several): Produktion stays unless the import replaced it.
    expect(await tasksOf('task.neu')).toEqual(
      logistikOnly
        ? logistik
        : [...new Set([...produktion, ...logistik].map((row) => row.elearning_uuid))]
            .sort()
            .map((uuid) => ({ elearning_uuid: uuid })),
    );
  });
});

describe('limits', () => {
  it('counts the whole job against the licence before it starts', async () => {
    const [{ used } = { used: 0 }] = await server.db.query<{ used: number }>(
      "SELECT count(*)::int AS used FROM member m JOIN client c ON c.uuid = m.client_uuid WHERE c.identifier = 'acme' AND m.archived_at IS NULL",
    );
    await server.db.query("UPDATE client SET max_members = $1 WHERE identifier = 'acme'", [used + 1]);
    try {
      const uploaded = await uploadOk(
        cp1252('Benutzername;Vorname;Nachname\r\nseat.one;Sitz;Eins\r\nseat.two;Sitz;Zwei\r\n'),
      );
      const summary = (await admin.post('/api/memberimport/check-csv', options(uploaded))).json();
      expect(summary).toMatchObject({ created: 2, freeSeats: 1 });
      expect(summary.errors).toMatchObject([{ line: 3, column: null, key: 'licenceLimit', params: { free: 1 } }]);
      const jobsBefore = await server.db.query('SELECT count(*)::int AS n FROM batch_job');
      expectError(
        await admin.post('/api/memberimport/import-csv', options(uploaded)),
        409,
        'MemberImport.ExceedsMaxMembers',
      );
      expect(await membersNamed(['seat.one', 'seat.two'])).toEqual([]);
      expect(await server.db.query('SELECT count(*)::int AS n FROM batch_job')).toEqual(jobsBefore);
    } finally {
      await server.db.query("UPDATE client SET max_members = NULL WHERE identifier = 'acme'");
    }
  });

  it('lets the cursor expire, and keeps it to the member who uploaded it', async () => {
    const uploaded = await uploadOk(cp1252('Vorname;Nachname\r\nA;B\r\n'));
    const superAdmin = await server.login('acme', 'super.admin');
    expectError(
      await superAdmin.post('/api/memberimport/check-csv', options(uploaded)),
      404,
      'MemberImport.CursorNotFound',
    );
    const globex = await server.login('globex', 'admin');
    expectError(
      await globex.post('/api/memberimport/import-csv', options(uploaded)),
      404,
      'MemberImport.CursorNotFound',
    );
    expect((await admin.post('/api/memberimport/check-csv', options(uploaded))).statusCode).toBe(200);
    await server.db.query("UPDATE member_import_cursor SET expires_at = now() - interval '1 second' WHERE uuid = $1", [
      uploaded.cursorUuid,
    ]);
    expectError(await admin.post('/api/memberimport/check-csv', options(uploaded)), 404, 'MemberImport.CursorNotFound');
    expectError(
      await admin.post('/api/memberimport/import-csv', options(uploaded)),
      404,
      'MemberImport.CursorNotFound',
    );
  });

  it("answers another client's job exactly as one that does not exist; the latest job is the member's own", async () => {
    const latest = (await admin.post('/api/memberimport/read-latest-job', {})).json() as {
      job: { uuid: string } | null;
    };
    expect(latest.job?.uuid).toBeTruthy();
    const globex = await server.login('globex', 'admin');
    const foreign: InjectResponse = await globex.post('/api/batch-job/read-status', { uuid: latest.job?.uuid });
    expectError(foreign, 404, 'BatchJob.NotFound');
    expect((await globex.post('/api/memberimport/read-latest-job', {})).json()).toEqual({ job: null });
  });
});
