import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { unpackScormPackage } from '../src/modules/elearnings/scormPackage';
import { buildDemoCourseZip, DEMO_COURSES } from '../src/modules/elearnings/shippedContent/demoCourses';
import { DEMO_ELEARNINGS } from '../src/seed/elearnings';
import { type Agent, createTestServer, type TestServer } from './helpers';

/**
 * The third shipped demo course (docs/scorm.md "Demo courses"): "Erste Hilfe im Betrieb", SCORM 2004 4th edition with
 * IMS Simple Sequencing (entry check, three modules in flow order, a final test disabled until the modules are done,
 * rollup from the final test). It unpacks through the upload's code, its sequencing is read, the seed stores it as
 * acme's e-learning "Erste Hilfe – Unterweisung für alle Beschäftigten", and build-cli.ts writes it as a zip.
 */

const PARTS = ['ENTRY-CHECK', 'MODULE-EMERGENCY', 'MODULE-LIFESAVING', 'MODULE-ORGANISATION', 'FINAL-TEST'];
const GERMAN_TITLES = [
  'Eingangscheck',
  'Notfall erkennen, Notruf absetzen',
  'Lebensrettende Maßnahmen',
  'Organisation und Dokumentation',
  'Abschlusstest',
];
const REPO = path.resolve(import.meta.dirname, '..', '..');

describe('the sequenced demo course package', () => {
  it('unpacks as SCORM 2004 of five SCOs on one launch file, the part chosen by the item parameters', async () => {
    const unpacked = await unpackScormPackage(await buildDemoCourseZip('firstAid'));
    try {
      expect(unpacked).toMatchObject({ scormVersion: '2004', title: 'Erste Hilfe im Betrieb' });
      expect(unpacked.files.map((file) => file.path).sort()).toEqual([
        'content.js',
        'course.js',
        'imsmanifest.xml',
        'index.html',
        'style.css',
      ]);
      expect(unpacked.items.map((item) => [item.id, item.launchPath, item.sco])).toEqual([
        ['ENTRY-CHECK', 'index.html?part=entry', true],
        ['MODULE-EMERGENCY', 'index.html?part=emergency', true],
        ['MODULE-LIFESAVING', 'index.html?part=lifesaving', true],
        ['MODULE-ORGANISATION', 'index.html?part=organisation', true],
        ['FINAL-TEST', 'index.html?part=final', true],
      ]);
    } finally {
      await unpacked.dispose();
    }
  });

  it('reads the sequencing: flow, the modules cluster writing a global objective, the final test disabled until then, rollup', async () => {
    const unpacked = await unpackScormPackage(await buildDemoCourseZip('firstAid'));
    await unpacked.dispose();
    const root = unpacked.sequencing?.activityTree;
    expect(root).toMatchObject({
      id: 'ORG-FIRST-AID',
      launchable: false,
      sequencingControls: { choice: true, flow: true },
      rollupRules: {
        rules: [
          { action: 'satisfied', consideration: 'all', conditions: [{ condition: 'satisfied' }] },
          { action: 'completed', consideration: 'all', conditions: [{ condition: 'completed' }] },
        ],
      },
    });
    const [entry, modules, final] = root?.children ?? [];
    // The entry check and the modules count for completion only: the course's success is the final test's.
    expect(entry).toMatchObject({
      id: 'ENTRY-CHECK',
      sequencingControls: { rollupObjectiveSatisfied: false },
      deliveryControls: { completionSetByContent: true, objectiveSetByContent: true },
    });
    expect(modules).toMatchObject({
      id: 'MODULES',
      launchable: false,
      sequencingControls: { choice: true, flow: true, rollupObjectiveSatisfied: false },
      rollupRules: {
        rules: [
          { action: 'satisfied', consideration: 'all', conditions: [{ condition: 'completed' }] },
          { action: 'completed', consideration: 'all', conditions: [{ condition: 'completed' }] },
        ],
      },
      primaryObjective: {
        objectiveID: 'modules-completed',
        mapInfo: [{ targetObjectiveID: 'g-firstaid-modules', writeSatisfiedStatus: true, readSatisfiedStatus: false }],
      },
    });
    // The collection entry (IDRef="module") reaches every module.
    expect(modules?.children?.map((module) => [module.id, module.deliveryControls])).toEqual(
      PARTS.slice(1, 4).map((id) => [id, { completionSetByContent: true, objectiveSetByContent: true }]),
    );
    expect(final).toMatchObject({
      id: 'FINAL-TEST',
      launchable: true,
      primaryObjective: { objectiveID: 'final-test-passed', isPrimary: true },
      objectives: [
        {
          objectiveID: 'modules-done',
          isPrimary: false,
          mapInfo: [
            { targetObjectiveID: 'g-firstaid-modules', readSatisfiedStatus: true, writeSatisfiedStatus: false },
          ],
        },
      ],
      sequencingRules: {
        preConditionRules: [
          {
            action: 'disabled',
            conditionCombination: 'any',
            conditions: [
              { condition: 'objectiveStatusKnown', operator: 'not', referencedObjective: 'modules-done' },
              { condition: 'satisfied', operator: 'not', referencedObjective: 'modules-done' },
            ],
          },
        ],
      },
    });
  });

  it('builds the same bytes from the same sources; build-cli.ts writes it beside the other two', async () => {
    expect((await buildDemoCourseZip('firstAid')).equals(await buildDemoCourseZip('firstAid'))).toBe(true);
    const folder = mkdtempSync(path.join(tmpdir(), 'demo-courses-'));
    try {
      execFileSync('npx', ['tsx', 'server/src/modules/elearnings/shippedContent/build-cli.ts', folder], {
        cwd: REPO,
        stdio: 'ignore',
      });
      const written = readFileSync(path.join(folder, DEMO_COURSES.firstAid.fileName));
      expect(written.equals(await buildDemoCourseZip('firstAid'))).toBe(true);
      for (const course of Object.values(DEMO_COURSES)) {
        expect(readFileSync(path.join(folder, course.fileName)).length).toBeGreaterThan(0);
      }
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  }, 60_000);
});

describe('the sequenced demo course in the demo seed', () => {
  let server: TestServer;
  let member: Agent;
  const elearning = DEMO_ELEARNINGS.acmeFirstAidSequenced;

  beforeAll(async () => {
    server = await createTestServer();
    member = await server.login('acme', 'member');
  });

  afterAll(async () => {
    await server.close();
  });

  it("is acme's own e-learning in German and English, assigned to the whole company, its course the sequenced package", async () => {
    const [course] = await server.db.query<{ title: string; package_uuid: string | null; client: string }>(
      `SELECT e.title, e.package_uuid, c.identifier AS client FROM elearning e JOIN client c ON c.uuid = e.client_uuid
        WHERE e.uuid = $1`,
      [elearning],
    );
    expect(course).toMatchObject({ title: 'Erste Hilfe – Unterweisung für alle Beschäftigten', client: 'acme' });
    const languages = await server.db.query<{ language: string; title: string; description: string }>(
      'SELECT language, title, description FROM elearning_language WHERE elearning_uuid = $1 ORDER BY language',
      [elearning],
    );
    expect(languages.map((row) => [row.language, row.title])).toEqual([
      ['de_DE', 'Erste Hilfe – Unterweisung für alle Beschäftigten'],
      ['en_GB', 'First aid – instruction for all employees'],
    ]);
    expect(languages.every((row) => row.description.length > 40)).toBe(true);
    const [assigned] = await server.db.query<{ is_root: boolean }>(
      `SELECT o.is_root FROM elearning_org_unit a JOIN org_unit o ON o.uuid = a.org_unit_uuid WHERE a.elearning_uuid = $1`,
      [elearning],
    );
    expect(assigned).toEqual({ is_root: true });

    const [stored] = await server.db.query<{
      scorm_version: string;
      items: Array<{ id: string }>;
      sequencing: { activityTree: { id: string } } | null;
      files: number;
    }>(
      `SELECT p.scorm_version, p.items, p.sequencing,
              (SELECT count(*)::int FROM elearning_package_file f WHERE f.package_uuid = p.uuid) AS files
         FROM elearning_package p WHERE p.uuid = $1`,
      [course?.package_uuid],
    );
    expect(stored?.scorm_version).toBe('2004');
    expect(stored?.items.map((item) => item.id)).toEqual(PARTS);
    expect(stored?.sequencing?.activityTree.id).toBe('ORG-FIRST-AID');
    expect(stored?.files).toBe(5);
  });

  it('the demo member has an open task of it and plays it with the sequenced player', async () => {
    const [task] = await server.db.query<{ uuid: string }>(
      `SELECT t.uuid FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid
        WHERE t.elearning_uuid = $1 AND m.username = 'member' AND t.completed_at IS NULL AND t.reset_at IS NULL`,
      [elearning],
    );
    if (!task) throw new Error('the demo member has an open first aid task');
    const created = await member.post('/api/elearning/create-execution', { taskUuid: task.uuid });
    expect(created.statusCode, created.body).toBe(200);
    const opened = await member.post('/api/elearning/read-execution', { uuid: created.json().uuid });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(opened.json().sequencing).toMatchObject({
      state: null,
      sequence: 0,
      tree: { activityTree: { id: 'ORG-FIRST-AID' } },
    });
    expect(opened.json().items.map((item: { id: string }) => item.id)).toEqual(PARTS);
    // A German member: the manifest's part titles.
    expect(opened.json().items.map((item: { title: string }) => item.title)).toEqual(GERMAN_TITLES);
    expect(opened.json().sequencing.tree.activityTree.children[1]).toMatchObject({ title: 'Lernmodule' });
  });

  it('an English member sees the parts under their English titles, in the list and in the activity tree', async () => {
    const [task] = await server.db.query<{ uuid: string }>(
      `SELECT t.uuid FROM elearning_task t JOIN member m ON m.uuid = t.member_uuid
        WHERE t.elearning_uuid = $1 AND m.username = 'member' AND t.reset_at IS NULL`,
      [elearning],
    );
    if (!task) throw new Error('the demo member has a first aid task');
    await server.db.query(`UPDATE member SET language = 'en_GB' WHERE username = 'member' AND client_uuid =
      (SELECT uuid FROM client WHERE identifier = 'acme')`);
    try {
      const created = await member.post('/api/elearning/create-execution', { taskUuid: task.uuid });
      const opened = await member.post('/api/elearning/read-execution', { uuid: created.json().uuid });
      expect(opened.statusCode, opened.body).toBe(200);
      expect(opened.json().items.map((item: { title: string }) => item.title)).toEqual([
        'Entry check',
        'Recognising an emergency, calling for help',
        'Life-saving measures',
        'Organisation and records',
        'Final test',
      ]);
      const tree = opened.json().sequencing.tree.activityTree;
      expect(tree.children.map((child: { title: string }) => child.title)).toEqual([
        'Entry check',
        'Learning modules',
        'Final test',
      ]);
      expect(JSON.stringify(tree)).not.toContain('"titles"');
    } finally {
      await server.db.query(`UPDATE member SET language = 'de_DE' WHERE username = 'member' AND client_uuid =
        (SELECT uuid FROM client WHERE identifier = 'acme')`);
    }
  });
});
