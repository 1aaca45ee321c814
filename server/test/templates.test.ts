/** Templates: upload (multipart, its own route and limit), list with category and search, download, delete. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { installShippedTemplates, SHIPPED_TEMPLATES } from '../src/modules/templates/shippedContent';
import { type Agent, createTestServer, expectError, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => {
  await server?.close();
});

function multipart(fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const boundary = `----test${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  if (file) {
    parts.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
      ),
      file.content,
      Buffer.from('\r\n'),
    );
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), contentType: `multipart/form-data; boundary=${boundary}` };
}

async function upload(agent: Agent, fields: Record<string, string>, file?: { name: string; content: Buffer }) {
  const body = multipart(fields, file);
  return server.inject({
    method: 'POST',
    url: '/api/templates/upload',
    payload: body.payload,
    headers: {
      'content-type': body.contentType,
      'x-xsrf-token': agent.xsrfToken ?? '',
      cookie: `SESSION=${agent.session}; XSRF-TOKEN=${agent.xsrfToken}`,
    },
  });
}

const list = (filter: Record<string, string> = {}) => ({
  filter,
  page: 1,
  perPage: 25,
  sortBy: 'title',
  sortDirection: 'asc',
});

describe('templates', () => {
  it("uploads, lists by category and search, downloads and deletes the client's own template", async () => {
    const admin = await server.login('acme', 'admin');
    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2 * 1024 * 1024, 7)]);
    const created = await upload(
      admin,
      { category: 'operating-instructions', title: 'Betriebsanweisung Gabelstapler' },
      {
        name: 'gabelstapler.pdf',
        content: pdf,
      },
    );
    expect(created.statusCode).toBe(200);
    const template = created.json();
    expect(template).toMatchObject({
      title: 'Betriebsanweisung Gabelstapler',
      category: 'operating-instructions',
      source: 'client',
      sizeBytes: pdf.length,
      contentType: 'application/pdf',
    });

    const member = await server.login('acme', 'member');
    const found = (await member.post('/api/templates/read-list', list({ search: 'gabel' }))).json();
    expect(found.total).toBe(1);
    expect(
      (await member.post('/api/templates/read-list', list({ category: 'forms', search: 'gabel' }))).json().total,
    ).toBe(0);
    const download = await member.get(found.items[0].downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['content-disposition']).toContain('attachment');
    expect(download.rawPayload.equals(pdf)).toBe(true);

    // Another client neither sees nor downloads nor deletes it.
    const globex = await server.login('globex', 'admin');
    expect((await globex.post('/api/templates/read-list', list({ search: 'gabel' }))).json().total).toBe(0);
    expectError(await globex.get(found.items[0].downloadUrl), 404, 'File.NotFound');
    expectError(await globex.post('/api/templates/delete', { uuid: template.uuid }), 404, 'Template.NotFound');
    // A member may not delete or upload.
    expectError(await member.post('/api/templates/delete', { uuid: template.uuid }), 403, 'Auth.Forbidden');
    expectError(
      await upload(member, { category: 'forms' }, { name: 'a.pdf', content: Buffer.from('x') }),
      403,
      'Auth.Forbidden',
    );

    expect((await admin.post('/api/templates/delete', { uuid: template.uuid })).statusCode).toBe(200);
    expect((await member.post('/api/templates/read-list', list({ search: 'gabel' }))).json().total).toBe(0);
    expectError(await member.get(found.items[0].downloadUrl), 404, 'File.NotFound');
  });

  it('ships starting documents: a client created after the start finds them and downloads Word files', async () => {
    const [client] = await server.db.query<{ uuid: string }>(
      `INSERT INTO client (licensee_uuid, identifier, name, feature_templates)
       SELECT uuid, 'newcomer', 'Newcomer GmbH', true FROM licensee WHERE is_default RETURNING uuid`,
    );
    await server.db.query(
      `INSERT INTO member (client_uuid, username, password_hash, role, email, first_name, last_name)
       SELECT $1, 'admin', password_hash, 'admin', 'admin@newcomer.example', 'Nora', 'Neu' FROM member
        WHERE username = 'admin' AND client_uuid = (SELECT uuid FROM client WHERE identifier = 'acme')`,
      [client?.uuid],
    );
    const newcomer = await server.login('newcomer', 'admin');
    const found = (await newcomer.post('/api/templates/read-list', list())).json();
    const titles = found.items.map((item: { title: string }) => item.title);
    expect(titles).toEqual(
      expect.arrayContaining([
        'Betriebsanweisung für Arbeitsmittel und Maschinen (Vorlage)',
        'Operating instructions for work equipment and machines (template)',
        'Unterweisungsnachweis (Vorlage)',
        'Safety instruction record (template)',
      ]),
    );
    const record = found.items.find((item: { title: string }) => item.title === 'Unterweisungsnachweis (Vorlage)');
    expect(record).toMatchObject({
      category: 'forms',
      source: 'licensee',
      filename: 'Unterweisungsnachweis-Vorlage.docx',
    });
    const download = await newcomer.get(record.downloadUrl);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    // A zip archive holding the Word document part.
    expect(download.rawPayload.subarray(0, 2).toString('latin1')).toBe('PK');
    expect(download.rawPayload.includes(Buffer.from('word/document.xml'))).toBe(true);
    // Read-only for the client; the partner licensee's clients have their own copies.
    expectError(await newcomer.post('/api/templates/delete', { uuid: record.uuid }), 404, 'Template.NotFound');
    const initech = await server.login('initech', 'admin', { host: 'partner.localhost' });
    const partner = (await initech.post('/api/templates/read-list', list({ category: 'forms' }))).json();
    expect(partner.items.map((item: { title: string }) => item.title)).toContain('Unterweisungsnachweis (Vorlage)');
    // A second start installs nothing twice.
    const count = async () =>
      (await server.db.query<{ n: number }>("SELECT count(*)::int AS n FROM file WHERE type LIKE 'shipped:%'"))[0]?.n;
    const before = await count();
    await server.db.transaction((tx) => installShippedTemplates(tx));
    expect(await count()).toBe(before);
    const [licensees] = await server.db.query<{ n: number }>('SELECT count(*)::int AS n FROM licensee');
    expect(before).toBe(SHIPPED_TEMPLATES.length * (licensees?.n ?? 0));
  });

  it("lists the licensee's templates for every client of the licensee, read-only", async () => {
    const [row] = await server.db.query<{ uuid: string }>(
      `WITH f AS (INSERT INTO file (context, type, filename, content_type, content)
                  VALUES ('template', 'document', 'erste-hilfe.pdf', 'application/pdf', $1) RETURNING uuid)
       INSERT INTO template (licensee_uuid, category, title, file_uuid, size_bytes)
       SELECT l.uuid, 'notices', 'Aushang Erste Hilfe', f.uuid, 3 FROM licensee l, f WHERE l.is_default RETURNING uuid`,
      [Buffer.from('pdf')],
    );
    for (const login of [
      ['acme', 'member'],
      ['globex', 'admin'],
    ] as const) {
      const agent = await server.login(login[0], login[1]);
      const found = (await agent.post('/api/templates/read-list', list({ category: 'notices' }))).json();
      expect(found.items.map((item: { uuid: string }) => item.uuid)).toContain(row?.uuid);
      expect((await agent.get(found.items[0].downloadUrl)).statusCode).toBe(200);
    }
    const initech = await server.login('initech', 'admin', { host: 'partner.localhost' });
    expect((await initech.post('/api/templates/read-list', list({ category: 'notices' }))).json().total).toBe(0);
    const admin = await server.login('acme', 'admin');
    expectError(await admin.post('/api/templates/delete', { uuid: row?.uuid }), 404, 'Template.NotFound');
  });

  it('refuses a wrong type, an empty or too large file, a missing category, and a request without XSRF', async () => {
    const admin = await server.login('acme', 'admin');
    const before = await server.db.query('SELECT uuid FROM template');
    expectError(
      await upload(admin, { category: 'forms' }, { name: 'tool.exe', content: Buffer.from('MZ') }),
      400,
      'File.InvalidType',
    );
    expectError(
      await upload(admin, { category: 'forms' }, { name: 'empty.pdf', content: Buffer.alloc(0) }),
      400,
      'Schema.ValidationFailed',
    );
    expectError(
      await upload(admin, { category: 'nonsense' }, { name: 'a.pdf', content: Buffer.from('x') }),
      400,
      'Schema.ValidationFailed',
    );
    expectError(await upload(admin, { category: 'forms' }), 400, 'Schema.ValidationFailed');
    expectError(
      await upload(admin, { category: 'forms' }, { name: 'big.pdf', content: Buffer.alloc(5 * 1024 * 1024 + 1) }),
      413,
      'Request.TooLarge',
    );
    const body = multipart({ category: 'forms' }, { name: 'a.pdf', content: Buffer.from('x') });
    const noXsrf = await server.inject({
      method: 'POST',
      url: '/api/templates/upload',
      payload: body.payload,
      headers: { 'content-type': body.contentType, cookie: `SESSION=${admin.session}` },
    });
    expectError(noXsrf, 403, 'Csrf.Invalid');
    expect(await server.db.query('SELECT uuid FROM template')).toHaveLength(before.length);
    // Other JSON routes keep their 64 KiB limit and know no multipart.
    const other = await server.inject({
      method: 'POST',
      url: '/api/templates/read-list',
      payload: body.payload,
      headers: {
        'content-type': body.contentType,
        'x-xsrf-token': admin.xsrfToken ?? '',
        cookie: `SESSION=${admin.session}; XSRF-TOKEN=${admin.xsrfToken}`,
      },
    });
    expectError(other, 415, 'Request.UnsupportedMediaType');
  });
});
