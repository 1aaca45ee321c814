/**
 * Areas released independently (issue 30, docs/releases.md): releases in a store beside each other, which release
 * whom (the operator's default, a licensee's choice, a client's own), handed to each browser in the boot data of its
 * page load, rollback by choosing the earlier release, and releases that do not fit this server and its shell refused
 * in the console and marked in the boot data. The browser side: e2e/tests/releases.spec.ts.
 */
import { mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { BOOT_DATA_ELEMENT_ID, type BootData, type RemoteConfig } from '@dash/shared-core';
import type { LicenseeReleases } from '@dash/shared-core/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sharedOfManifest } from '../../tools/release/compatibility.mjs';
import { setChoice } from '../src/core/releases/choices';
import { applyOperatorChoice } from '../src/core/releases/operatorChoice';
import { type ReleaseRecord, readReleases, storeRelease } from '../src/core/releases/store';
import { type Agent, createTestServer, expectError, type TestServer } from './helpers';

let root: string;
let store: string;
let server: TestServer;
let licenseeAdmin: Agent;
let partnerAdmin: Agent;
let adviser: Agent;
let acmeMember: Agent;
let globexMember: Agent;
let initechMember: Agent;
let older: ReleaseRecord;
let newer: ReleaseRecord;
let misfit: ReleaseRecord;
let futureContract: ReleaseRecord;
let acmeUuid: string;

/** A build of mf-start as the federation plugin writes it, its remote entry marked with `label`. */
function buildOf(label: string, react = '19.3.1'): string {
  const folder = mkdtempSync(path.join(os.tmpdir(), 'release-build-'));
  const manifest = {
    id: 'mf_start',
    name: 'mf_start',
    metaData: {
      globalName: 'mf_start',
      publicPath: 'auto',
      remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' },
    },
    shared: [
      { name: 'react', version: react },
      { name: '@dash/shared-ui/table', version: '0.1.0' },
    ],
    exposes: [],
  };
  writeFileSync(path.join(folder, 'mf-manifest.json'), JSON.stringify(manifest));
  writeFileSync(path.join(folder, 'remoteEntry.js'), `/* ${label} */`);
  return folder;
}

function publish(label: string, version: string, options: { react?: string; contract?: number } = {}): ReleaseRecord {
  const folder = buildOf(label, options.react);
  const manifest = {
    shared: [
      { name: 'react', version: options.react ?? '19.3.1' },
      { name: '@dash/shared-ui/table', version: '0.1.0' },
    ],
  };
  const { release } = storeRelease(store, folder, {
    area: 'mf-start',
    version,
    contract: options.contract ?? 1,
    shared: sharedOfManifest(manifest),
    forcedPast: [],
  });
  rmSync(folder, { recursive: true, force: true });
  return release;
}

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'release-root-'));
  store = mkdtempSync(path.join(os.tmpdir(), 'release-store-'));
  const shell = path.join(root, 'shell', 'dist');
  mkdirSync(shell, { recursive: true });
  writeFileSync(
    path.join(shell, 'index.html'),
    '<!doctype html><html><head><title>shell</title></head><body></body></html>',
  );
  // What the shell shares, as its build's manifest says.
  writeFileSync(
    path.join(shell, 'mf-manifest.json'),
    JSON.stringify({
      shared: [
        { name: 'react', version: '19.3.1' },
        { name: '@dash/shared-ui', version: '0.1.0' },
      ],
    }),
  );
  older = publish('older', '1.0.0');
  newer = publish('newer', '1.1.0');
  misfit = publish('react 20', '2.0.0', { react: '20.0.0' });
  futureContract = publish('contract 2', '3.0.0', { contract: 2 });
  server = await createTestServer({
    serveStatic: true,
    staticRoot: root,
    releaseStoreDir: store,
    releaseBaseUrl: '/releases',
  });
  licenseeAdmin = await server.licenseeLogin('dashboard', 'lizenz.admin');
  partnerAdmin = await server.licenseeLogin('safeguard', 'partner.admin', { host: 'partner.localhost' });
  adviser = await server.licenseeLogin('dashboard', 'berater');
  acmeMember = await server.login('acme', 'member');
  globexMember = await server.login('globex', 'admin');
  initechMember = await server.login('initech', 'admin', { host: 'partner.localhost' });
  const [acme] = await server.db.query<{ uuid: string }>("SELECT uuid FROM client WHERE identifier = 'acme'");
  acmeUuid = acme?.uuid ?? '';
  // The operator's default for everybody: the older release.
  await setChoice(server.db, {
    area: 'mf-start',
    licenseeUuid: null,
    clientUuid: null,
    releaseId: older.id,
    chosenBy: 'operator',
  });
});

afterAll(async () => {
  await server?.close();
  rmSync(root, { recursive: true, force: true });
  rmSync(store, { recursive: true, force: true });
});

/** The boot data of a page load (index.html) by this agent (a visitor: `server.anonymous()`). */
async function bootData(agent: Agent): Promise<BootData> {
  const response = await agent.get('/dashboard/start');
  expect(response.statusCode, response.body).toBe(200);
  const match = new RegExp(`<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">(.*?)</script>`).exec(
    response.body,
  );
  if (!match?.[1]) throw new Error('no boot data');
  return JSON.parse(match[1]) as BootData;
}

async function startRemote(agent: Agent): Promise<RemoteConfig> {
  const remote = (await bootData(agent)).remotes.find((item) => item.name === 'mf-start');
  if (!remote) throw new Error('no mf-start');
  return remote;
}

/** acme's own choice, as the operator's command sets it (null: removed). */
const chooseForAcme = (releaseId: string | null) =>
  setChoice(server.db, { area: 'mf-start', licenseeUuid: null, clientUuid: acmeUuid, releaseId, chosenBy: 'operator' });

const manifestOf = (release: ReleaseRecord) => `/releases/mf-start/${release.id}/mf-manifest.json`;

async function choose(agent: Agent, body: { area: string; clientUuid: string | null; release: string | null }) {
  const response = await agent.post('/api/licensee/releases/choose', body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as LicenseeReleases;
}

describe('the release store', () => {
  it('keeps each release in a folder of its own, named by version and content hash, newest first', () => {
    expect(older.id).toMatch(/^1\.0\.0-[0-9a-f]{10}$/);
    expect(newer.id).toMatch(/^1\.1\.0-[0-9a-f]{10}$/);
    expect(older.hash).not.toBe(newer.hash);
    expect(readReleases(store, 'mf-start').map((release) => release.id)).toEqual([
      futureContract.id,
      misfit.id,
      newer.id,
      older.id,
    ]);
  });

  it('publishes the same build of the same version once', () => {
    const again = publish('older', '1.0.0');
    expect(again.id).toBe(older.id);
    expect(readdirSync(path.join(store, 'mf-start')).filter((name) => name.startsWith('1.0.0-'))).toHaveLength(1);
  });

  it('serves a release for good and never a folder still being copied in', async () => {
    const entry = await server.inject({ method: 'GET', url: `/releases/mf-start/${newer.id}/remoteEntry.js` });
    expect(entry.statusCode).toBe(200);
    expect(entry.body).toContain('newer');
    expect(entry.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    mkdirSync(path.join(store, 'mf-start', '.incoming-test'));
    writeFileSync(path.join(store, 'mf-start', '.incoming-test', 'remoteEntry.js'), 'half');
    const hidden = await server.inject({ method: 'GET', url: '/releases/mf-start/.incoming-test/remoteEntry.js' });
    expect(hidden.statusCode).not.toBe(200);
    expect(readReleases(store, 'mf-start').some((release) => release.id.startsWith('.'))).toBe(false);
  });
});

describe('which release whom', () => {
  it("hands every page load the operator's default release, with nothing that does not fit", async () => {
    for (const agent of [acmeMember, globexMember, await server.anonymous()]) {
      const remote = await startRemote(agent);
      expect(remote.manifestUrl).toBe(manifestOf(older));
      expect(remote.release).toEqual({ id: older.id, version: '1.0.0', problems: [] });
    }
    // The other areas stay the deployment's own builds.
    const profile = (await bootData(acmeMember)).remotes.find((item) => item.name === 'mf-profile');
    expect(profile?.manifestUrl).toBe('/remotes/mf-profile/mf-manifest.json');
    expect(profile?.release).toBeUndefined();
  });

  it("gives one client the new release and leaves the licensee's other clients on the old one", async () => {
    const answer = await choose(licenseeAdmin, { area: 'mf-start', clientUuid: acmeUuid, release: newer.id });
    const start = answer.areas.find((area) => area.area === 'mf-start');
    expect(start).toMatchObject({
      defaultRelease: older.id,
      licenseeRelease: null,
      clientRelease: newer.id,
      effective: newer.id,
    });
    expect((await startRemote(acmeMember)).manifestUrl).toBe(manifestOf(newer));
    expect((await startRemote(globexMember)).manifestUrl).toBe(manifestOf(older));
    // The shell asks again after a sign-in in the page: the same answer for the session.
    const asked = await acmeMember.get('/api/bootstrap/remotes');
    expect(asked.headers['cache-control']).toBe('private, no-cache');
    expect(asked.headers.vary).toContain('Cookie');
    const remotes = asked.json().remotes as RemoteConfig[];
    expect(remotes.find((item) => item.name === 'mf-start')?.manifestUrl).toBe(manifestOf(newer));
  });

  it('rolls the client back by choosing the earlier release, from the next page load', async () => {
    await choose(licenseeAdmin, { area: 'mf-start', clientUuid: acmeUuid, release: older.id });
    expect((await startRemote(acmeMember)).manifestUrl).toBe(manifestOf(older));
    await choose(licenseeAdmin, { area: 'mf-start', clientUuid: acmeUuid, release: 'bundled' });
    expect((await startRemote(acmeMember)).manifestUrl).toBe('/remotes/mf-start/mf-manifest.json');
    await choose(licenseeAdmin, { area: 'mf-start', clientUuid: acmeUuid, release: null });
    expect((await startRemote(acmeMember)).manifestUrl).toBe(manifestOf(older));
  });

  it("applies a licensee's choice to its clients and its sign-in pages, never to another licensee's", async () => {
    await choose(partnerAdmin, { area: 'mf-start', clientUuid: null, release: newer.id });
    expect((await startRemote(initechMember)).manifestUrl).toBe(manifestOf(newer));
    expect((await startRemote(await server.anonymous({ host: 'partner.localhost' }))).manifestUrl).toBe(
      manifestOf(newer),
    );
    expect((await startRemote(acmeMember)).manifestUrl).toBe(manifestOf(older));
    expect((await startRemote(await server.anonymous())).manifestUrl).toBe(manifestOf(older));
    const dashboardView = await licenseeAdmin.post('/api/licensee/releases', { clientUuid: null });
    expect(
      dashboardView.json().areas.find((area: { area: string }) => area.area === 'mf-start').licenseeRelease,
    ).toBeNull();
    await choose(partnerAdmin, { area: 'mf-start', clientUuid: null, release: null });
    expect((await startRemote(initechMember)).manifestUrl).toBe(manifestOf(older));
  });

  it('records every choice in the licensee audit, with the client', async () => {
    const rows = await server.db.query<{ before: unknown; after: unknown; client_identifier: string | null }>(
      `SELECT before, after, client_identifier FROM licensee_audit_log WHERE action = 'release.choose' ORDER BY id`,
    );
    expect(rows.slice(0, 2)).toEqual([
      {
        before: { area: 'mf-start', release: null },
        after: { area: 'mf-start', release: newer.id },
        client_identifier: 'acme',
      },
      {
        before: { area: 'mf-start', release: newer.id },
        after: { area: 'mf-start', release: older.id },
        client_identifier: 'acme',
      },
    ]);
  });
});

describe('releases that do not fit', () => {
  it('lists them with the reason and refuses to choose them', async () => {
    const listed = (
      await licenseeAdmin.post('/api/licensee/releases', { clientUuid: acmeUuid })
    ).json() as LicenseeReleases;
    const releases = listed.areas.find((area) => area.area === 'mf-start')?.releases ?? [];
    expect(releases.find((release) => release.id === misfit.id)?.problems).toEqual([
      'built with react 20.0.0, the shell shares react 19.3.1',
    ]);
    expect(releases.find((release) => release.id === futureContract.id)?.problems).toEqual([
      'built against API contract 2 of mf-start, the server serves 1',
    ]);
    expect(releases.find((release) => release.id === newer.id)?.problems).toEqual([]);
    for (const release of [misfit.id, futureContract.id]) {
      expectError(
        await licenseeAdmin.post('/api/licensee/releases/choose', { area: 'mf-start', clientUuid: acmeUuid, release }),
        409,
        'Release.Incompatible',
      );
    }
    expect(await server.db.query('SELECT 1 FROM area_release WHERE client_uuid = $1', [acmeUuid])).toEqual([]);
  });

  it('hands one chosen past the checks out with its problems, which the shell shows instead of loading it', async () => {
    await chooseForAcme(misfit.id);
    const remote = await startRemote(acmeMember);
    expect(remote.manifestUrl).toBe(manifestOf(misfit));
    expect(remote.release?.problems).toEqual(['built with react 20.0.0, the shell shares react 19.3.1']);
    await chooseForAcme(null);
  });

  it('falls back to the deployment build when the store no longer has the chosen release', async () => {
    await chooseForAcme('9.9.9-0123456789');
    expect((await startRemote(acmeMember)).manifestUrl).toBe('/remotes/mf-start/mf-manifest.json');
    await chooseForAcme(null);
  });
});

describe("the operator's command", () => {
  const config = () => ({ releaseStoreDir: store, staticRoot: root });

  it('sets the default, a licensee or a client, and refuses what does not fit unless forced', async () => {
    await expect(
      applyOperatorChoice(server.db, config(), { area: 'mf-start', release: misfit.id, client: 'globex' }),
    ).rejects.toThrow(/does not fit this server and shell:\n {2}- built with react 20\.0\.0/);
    await expect(
      applyOperatorChoice(server.db, config(), { area: 'mf-start', release: '9.9.9-0123456789' }),
    ).rejects.toThrow(/has no release 9\.9\.9-0123456789 of mf-start/);
    await expect(
      applyOperatorChoice(server.db, config(), { area: 'mf-start', release: newer.id, client: 'nobody' }),
    ).rejects.toThrow(/No client with the company ID "nobody"/);
    expect(
      await applyOperatorChoice(server.db, config(), {
        area: 'mf-start',
        release: misfit.id,
        client: 'globex',
        force: true,
      }),
    ).toBe(`mf-start, client globex: (none) -> ${misfit.id}`);
    expect((await startRemote(globexMember)).release?.problems).toHaveLength(1);
    expect(
      await applyOperatorChoice(server.db, config(), { area: 'mf-start', release: 'none', client: 'globex' }),
    ).toBe(`mf-start, client globex: ${misfit.id} -> (none)`);
    expect((await startRemote(globexMember)).manifestUrl).toBe(manifestOf(older));
  });
});

describe('what the server states', () => {
  it("serves each area's contract versions and the shell's shared packages to check a release against", async () => {
    const response = await server.inject({ method: 'GET', url: '/api/bootstrap/platform' });
    expect(response.statusCode).toBe(200);
    expect(response.json().contracts).toContainEqual({ area: 'mf-elearnings', current: 1, oldest: 1 });
    expect(response.json().shellShared).toEqual({ react: '19.3.1', '@dash/shared-ui': '0.1.0' });
  });
});

describe('who may choose', () => {
  it('licensee admins only; an adviser reads nothing, a member has no console session', async () => {
    expectError(await adviser.post('/api/licensee/releases', { clientUuid: null }), 403, 'Auth.Forbidden');
    expectError(
      await adviser.post('/api/licensee/releases/choose', { area: 'mf-start', clientUuid: null, release: null }),
      403,
      'Auth.Forbidden',
    );
    const member = await acmeMember.post('/api/licensee/releases/choose', {
      area: 'mf-start',
      clientUuid: null,
      release: null,
    });
    expect(member.statusCode).toBe(401);
  });

  it("another licensee's client answers as one that does not exist", async () => {
    expectError(
      await partnerAdmin.post('/api/licensee/releases/choose', {
        area: 'mf-start',
        clientUuid: acmeUuid,
        release: newer.id,
      }),
      404,
      'Client.NotFound',
    );
  });
});
