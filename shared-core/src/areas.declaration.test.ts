import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { AREAS, AUDIENCES } from './areas';
import { FEATURE_FLAGS } from './featureFlags';
import { ALL_PERMISSIONS, LICENSEE_PERMISSIONS } from './permissions';
import type { NavItem } from './sidebar';
import { SIDEBAR_ENTRIES, SIDEBAR_SECTIONS } from './sidebarEntries';

/**
 * Each area is declared once, in areas.json; what cannot be derived from it (a folder, npm's workspaces, the
 * type-check's list) must agree with it, and what is derived (the rspack configurations) must really come from it.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const declaredNames = AREAS.map((area) => area.name).sort();

const readJson = (file: string): unknown => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
const textAt = (texts: Record<string, unknown>, key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], texts);

/** A page an area registers (shared-ui's AreaRoute, as far as read here). */
interface RegisteredRoute {
  path: string;
  load?: unknown;
}
/** Does a route pattern (`/a/:id`) match a link? */
function pathMatches(pattern: string, link: string): boolean {
  const wanted = pattern.split('/');
  const actual = link.split('/');
  return (
    wanted.length === actual.length && wanted.every((part, index) => part.startsWith(':') || part === actual[index])
  );
}

/** What an rspack.config.mjs exports: a function of (env, argv) to the configuration. */
interface LoadedConfig {
  name: string;
  context: string;
  output: { uniqueName: string };
  devServer: { port: number };
  plugins: { constructor: { name: string }; _options?: { name?: string } }[];
}
async function loadRspackConfig(folder: string): Promise<LoadedConfig> {
  const url = pathToFileURL(path.join(ROOT, folder, 'rspack.config.mjs')).href;
  const module = (await import(url)) as { default: (env: object, argv: { mode: string }) => LoadedConfig };
  return module.default({}, { mode: 'production' });
}

describe('the area declaration (shared-core/src/areas.json)', () => {
  it('has a remote folder for each area and an area for each remote folder', () => {
    const folders = readdirSync(ROOT, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && entry.name.startsWith('mf-'))
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual(declaredNames);
  });

  it('is what the workspaces in package.json list', () => {
    const { workspaces } = readJson('package.json') as { workspaces: string[] };
    expect(workspaces.filter((workspace) => workspace.startsWith('mf-')).sort()).toEqual(declaredNames);
  });

  it('is what tsconfig.json type-checks', () => {
    const { include } = readJson('tsconfig.json') as { include: string[] };
    expect(include.filter((entry) => entry.startsWith('mf-')).sort()).toEqual(
      declaredNames.map((name) => `${name}/src`),
    );
  });

  it("gives each remote's rspack configuration its name, scope and dev port", async () => {
    const shell = await loadRspackConfig('shell');
    for (const area of AREAS) {
      const config = await loadRspackConfig(area.name);
      const federation = config.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin');
      expect({
        name: config.name,
        context: config.context,
        uniqueName: config.output.uniqueName,
        container: federation?._options?.name,
        devPort: config.devServer.port,
      }).toEqual({
        name: area.name,
        context: path.join(ROOT, area.name),
        uniqueName: area.scope,
        container: area.scope,
        devPort: area.devPort,
      });
      expect(area.devPort).not.toBe(shell.devServer.port);
    }
  });

  it('has unique names, scopes, ports and path prefixes', () => {
    for (const key of ['name', 'scope', 'devPort'] as const) {
      expect(new Set(AREAS.map((area) => area[key])).size, key).toBe(AREAS.length);
    }
    const prefixes = AREAS.flatMap((area) => area.pathPrefixes);
    expect(new Set(prefixes).size).toBe(prefixes.length);
  });

  it('holds well-formed values: names, scopes, prefixes, permissions, flags and title keys', () => {
    const commonTexts = ['de_DE', 'en_GB'].map(
      (language) => readJson(`shared-core/src/i18n/locales/${language}.json`) as Record<string, unknown>,
    );
    for (const area of AREAS) {
      expect(area.name, area.name).toMatch(/^mf-[a-z]+(-[a-z]+)*$/);
      expect(area.scope, area.name).toMatch(/^[A-Za-z_$][\w$]*$/);
      expect(area.pathPrefixes.length, area.name).toBeGreaterThan(0);
      for (const prefix of area.pathPrefixes) expect(prefix, area.name).toMatch(/^\/[^?#]*[^/]$/);
      for (const permission of area.permissions) expect(ALL_PERMISSIONS, area.name).toContain(permission);
      if (area.audience !== undefined) expect(AUDIENCES, area.name).toContain(area.audience);
      // An area's permissions are of its own kind of session: licensee permissions for the licensee console only.
      for (const permission of area.permissions) {
        expect((LICENSEE_PERMISSIONS as readonly string[]).includes(permission), `${area.name}: ${permission}`).toBe(
          area.audience === 'licensee',
        );
      }
      if (area.featureFlag !== undefined) expect(FEATURE_FLAGS, area.name).toContain(area.featureFlag);
      for (const texts of commonTexts) expect(typeof textAt(texts, area.titleKey), area.titleKey).toBe('string');
      expect(existsSync(path.join(ROOT, area.name, 'src/register.tsx')), area.name).toBe(true);
    }
  });

  it('declares sidebar entries (sidebar.json) that lead to pages of their own area, with known permissions, flags and texts', async () => {
    const commonTexts = ['de_DE', 'en_GB'].map(
      (language) => readJson(`shared-core/src/i18n/locales/${language}.json`) as Record<string, unknown>,
    );
    const entries = (items: readonly NavItem[]): NavItem[] =>
      items.flatMap((item) => [item, ...entries(item.children ?? [])]);
    expect(Object.keys(SIDEBAR_ENTRIES).filter((name) => !declaredNames.includes(name))).toEqual([]);
    const ids = AREAS.flatMap((area) => entries(SIDEBAR_ENTRIES[area.name] ?? []).map((item) => item.id));
    expect(new Set(ids).size).toBe(ids.length);
    for (const area of AREAS) {
      const url = pathToFileURL(path.join(ROOT, area.name, 'src/register.tsx')).href;
      const { default: register } = (await import(url)) as { default: () => { routes: RegisteredRoute[] } };
      const pages = register().routes.filter((route) => route.load);
      for (const item of entries(SIDEBAR_ENTRIES[area.name] ?? [])) {
        expect(SIDEBAR_SECTIONS, item.id).toContain(item.section);
        for (const permission of item.permissions ?? []) expect(ALL_PERMISSIONS, item.id).toContain(permission);
        if (item.featureFlag !== undefined) expect(FEATURE_FLAGS, item.id).toContain(item.featureFlag);
        const [namespace, key = ''] = item.label.split(':');
        expect(namespace, item.id).toBe('common');
        for (const texts of commonTexts) expect(typeof textAt(texts, key), item.label).toBe('string');
        if (item.to)
          expect(
            pages.some((page) => pathMatches(page.path, item.to ?? '')),
            item.to,
          ).toBe(true);
      }
    }
  });
});
