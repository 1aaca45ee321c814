/**
 * Areas released independently (issue 30, docs/releases.md), in a real browser against the running server:
 *   - two releases of the start area that differ visibly (the second built from a changed copy of its folder) are
 *     published with `npm run release` into the store of the running server, nothing else built or restarted;
 *   - the licensee console gives all its clients the first and one client (acme) the second: acme's member sees the
 *     second, globex's admin the first, in one running server; choosing the first again rolls acme back at its next
 *     page load;
 *   - a release built against another React is refused at publish; forced past that check and chosen for globex by
 *     the operator's command, it shows the area's error panel with the reason while the other areas work.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, type Page, test } from '@playwright/test';
import { MAIN_PORT } from '../playwright.config';
import { signIn, signInAsLicensee } from './helpers';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SCREENSHOTS = path.join(ROOT, 'test-results', 'screenshots');
// The main server's data folder (playwright.config.ts) and so its release store.
const DATA_DIR = path.join(ROOT, '.tmp', `e2e-main-${MAIN_PORT}`);
const WORK = path.join(ROOT, '.tmp', 'e2e-releases');
const ENV = { ...process.env, DATA_DIR, RELEASE_STORE_DIR: path.join(DATA_DIR, 'releases') };
const NEW_TITLE = 'Übersicht – neue Version';

/** `npm run release` of mf-start with these arguments: its exit status and what it printed. */
function release(args: string[]) {
  const run = spawnSync('npx', ['tsx', 'scripts/release.ts', '--area', 'mf-start', ...args], {
    cwd: ROOT,
    env: ENV,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

function publishedId(args: string[]): string {
  const run = release(args);
  expect(run.status, run.output).toBe(0);
  const id = /published mf-start (\S+)/.exec(run.output)?.[1];
  if (!id) throw new Error(run.output);
  return id;
}

/** `npm run release:use` as the operator runs it on the server's machine (the running server applies it). */
function use(args: string[]): string {
  return execFileSync('npx', ['tsx', 'scripts/release-use.ts', '--area', 'mf-start', ...args], {
    cwd: ROOT,
    env: ENV,
    encoding: 'utf8',
  });
}

let first = '';
let second = '';
let misfit = '';

test.beforeAll(async () => {
  // The area is built once here, on two cores.
  test.setTimeout(300_000);
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  // The first release: the area's build as it is.
  first = publishedId(['--dist', 'mf-start/dist', '--version', '1.0.0']);
  // The second: built from a copy of the area's folder with one text changed, as a later branch of it would be.
  const source = path.join(WORK, 'mf-start');
  for (const part of ['package.json', 'src'])
    cpSync(path.join(ROOT, 'mf-start', part), path.join(source, part), { recursive: true });
  const textsFile = path.join(source, 'src', 'i18n', 'de_DE.json');
  const texts = JSON.parse(readFileSync(textsFile, 'utf8'));
  texts.overview.title = NEW_TITLE;
  writeFileSync(textsFile, JSON.stringify(texts, null, 2));
  second = publishedId(['--source', source, '--version', '1.1.0']);
  // A build that says it was made with React 20: refused, then forced into the store.
  const foreign = path.join(WORK, 'react-20');
  cpSync(path.join(ROOT, 'mf-start', 'dist'), foreign, { recursive: true });
  const manifestFile = path.join(foreign, 'mf-manifest.json');
  const manifest = JSON.parse(readFileSync(manifestFile, 'utf8'));
  for (const shared of manifest.shared) if (shared.name === 'react') shared.version = '20.0.0';
  writeFileSync(manifestFile, JSON.stringify(manifest));
  const refused = release(['--dist', foreign, '--version', '2.0.0']);
  expect(refused.status, refused.output).toBe(1);
  expect(refused.output).toContain('built with react 20.0.0, the shell shares react 19.3.1');
  misfit = publishedId(['--dist', foreign, '--version', '2.0.0', '--force']);
});

test.afterAll(() => {
  // Every later test meets the deployment's own builds again.
  for (const scope of [[], ['--licensee', 'dashboard'], ['--client', 'acme'], ['--client', 'globex']]) {
    use(['--release', 'none', ...scope]);
  }
  rmSync(WORK, { recursive: true, force: true });
});

async function chooseIn(page: Page, release: string) {
  const select = page.getByTestId('release-mf-start').locator('select');
  const answer = page.waitForResponse((response) => response.url().endsWith('/api/licensee/releases/choose'));
  await select.selectOption(release);
  expect((await answer).status()).toBe(200);
}

test('one client gets the new release, the others the old one; choosing the old one again rolls it back', async ({
  browser,
}) => {
  const consolePage = await browser.newPage();
  await signInAsLicensee(consolePage);
  await consolePage.goto('/dashboard/licensee/releases');
  await expect(consolePage.getByRole('heading', { name: 'Versionen der Bereiche' })).toBeVisible();
  // The release forced past its check is listed but cannot be chosen.
  await expect(consolePage.getByTestId('release-mf-start').locator(`option[value="${misfit}"]`)).toBeDisabled();
  await chooseIn(consolePage, first);
  await expect(consolePage.getByTestId('release-mf-start-effective')).toContainText('1.0.0');

  await consolePage.goto('/dashboard/licensee/clients');
  await consolePage.getByRole('link', { name: 'ACME Sicherheit GmbH' }).first().click();
  await expect(consolePage.getByTestId('releases-card')).toBeVisible();
  await chooseIn(consolePage, second);
  await expect(consolePage.getByTestId('release-mf-start-effective')).toContainText('1.1.0');
  await consolePage.screenshot({ path: path.join(SCREENSHOTS, 'releases-console-client.png'), fullPage: true });

  // acme's member signs in on the sign-in page (whose boot data was a visitor's) and gets acme's release.
  const acme = await browser.newPage();
  const acmeManifests: string[] = [];
  acme.on('request', (request) => {
    if (request.url().includes('/mf-start/') && request.url().endsWith('mf-manifest.json'))
      acmeManifests.push(request.url());
  });
  await signIn(acme, 'acme', 'member');
  await expect(acme.getByRole('heading', { name: NEW_TITLE })).toBeVisible();
  expect(acmeManifests.at(-1)).toContain(`/releases/mf-start/${second}/`);
  await acme.screenshot({ path: path.join(SCREENSHOTS, 'releases-acme-new.png') });

  // globex, a client of the same licensee, in the same running server: the licensee's release.
  const globex = await browser.newPage();
  await signIn(globex, 'globex', 'admin');
  await expect(globex.getByRole('heading', { name: 'Übersicht', exact: true })).toBeVisible();
  await expect(globex.getByRole('heading', { name: NEW_TITLE })).toHaveCount(0);

  // Rollback: the earlier release for acme, at acme's next page load, without a restart.
  await chooseIn(consolePage, first);
  await acme.reload();
  await expect(acme.getByRole('heading', { name: 'Übersicht', exact: true })).toBeVisible();
  expect(acmeManifests.at(-1)).toContain(`/releases/mf-start/${first}/`);
  for (const page of [consolePage, acme, globex]) await page.close();
});

test('a release forced past the checks shows the error panel with the reason; the other areas work', async ({
  page,
}) => {
  // The operator chooses it anyway, for globex only, while the server runs.
  expect(use(['--release', misfit, '--client', 'globex', '--force'])).toContain(`-> ${misfit}`);
  await signIn(page, 'globex', 'admin');
  const panel = page.getByTestId('remote-error');
  await expect(panel).toContainText('Diese Version des Bereichs passt nicht');
  await expect(page.getByTestId('remote-error-reasons')).toContainText(
    'built with react 20.0.0, the shell shares react 19.3.1',
  );
  await page.screenshot({ path: path.join(SCREENSHOTS, 'releases-incompatible.png') });
  // The rest of the dashboard: header, sidebar and another area.
  await page.getByTestId('profile-link').click();
  await expect(page.getByLabel('Nachname')).toBeVisible();
  await expect(page.getByTestId('remote-error')).toHaveCount(0);
});
