import { createHash, randomUUID } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';

/**
 * The release store (docs/releases.md): each published release of an area in a folder of its own,
 * `<store>/<area>/<release id>/`, holding the area's build as it was published (mf-manifest.json, remoteEntry.js,
 * chunks) and RELEASE_RECORD. A release folder never changes once it is there: the id ends in the hash of its files.
 */
export const RELEASE_RECORD = 'release.json';

export interface ReleaseRecord {
  area: string;
  /** `<version>-<hash>`, e.g. `1.4.0-3f9a1c2b7d`. */
  id: string;
  version: string;
  /** The first 10 hex digits of the SHA-256 of the build's files (names and contents). */
  hash: string;
  /** The area's API contract version it was built against (shared-core/src/areas.json). */
  contract: number;
  /** Package -> version of what it shares, as built (its mf-manifest.json). */
  shared: Record<string, string>;
  publishedAt: string;
  /** What did not fit when it was published anyway (`--force`); empty for a release that fitted. */
  forcedPast: string[];
}

const VERSION = /^\d{1,6}\.\d{1,6}\.\d{1,6}(?:-[0-9A-Za-z.]{1,40})?$/;
const RELEASE_ID = /^\d{1,6}\.\d{1,6}\.\d{1,6}(?:-[0-9A-Za-z.]{1,40})?-[0-9a-f]{10}$/;

export function isVersion(value: string): boolean {
  return VERSION.test(value);
}

export function isReleaseId(value: string): boolean {
  return RELEASE_ID.test(value);
}

export function releaseFolder(store: string, area: string, id: string): string {
  return path.join(store, area, id);
}

/** The hash a release id ends in: every file below `folder` (sorted by path), its path and its bytes. */
export function contentHash(folder: string): string {
  const hash = createHash('sha256');
  const files = (readdirSync(folder, { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .filter((file) => file !== RELEASE_RECORD && statSync(path.join(folder, file)).isFile())
    .sort();
  for (const file of files) {
    hash
      .update(file)
      .update('\0')
      .update(readFileSync(path.join(folder, file)))
      .update('\0');
  }
  return hash.digest('hex').slice(0, 10);
}

function parseRecord(text: string, area: string, id: string): ReleaseRecord | null {
  try {
    const record = JSON.parse(text) as Partial<ReleaseRecord>;
    if (record.area !== area || record.id !== id || typeof record.version !== 'string') return null;
    if (typeof record.contract !== 'number' || typeof record.shared !== 'object' || record.shared === null) return null;
    return {
      area,
      id,
      version: record.version,
      hash: String(record.hash ?? ''),
      contract: record.contract,
      shared: record.shared,
      publishedAt: String(record.publishedAt ?? ''),
      forcedPast: Array.isArray(record.forcedPast) ? record.forcedPast.map(String) : [],
    };
  } catch {
    return null;
  }
}

/** One release's record from its folder, or null when there is none (or it is unreadable). */
function readRecord(store: string, area: string, id: string): ReleaseRecord | null {
  if (!isReleaseId(id)) return null;
  const file = path.join(releaseFolder(store, area, id), RELEASE_RECORD);
  if (!existsSync(file)) return null;
  return parseRecord(readFileSync(file, 'utf8'), area, id);
}

// An area's folder changes its modification time when a release is added (a rename into it): read again then only.
const listed = new Map<string, { mtimeMs: number; releases: ReleaseRecord[] }>();

/** The area's releases, newest first. */
export function readReleases(store: string, area: string): ReleaseRecord[] {
  const folder = path.join(store, area);
  if (!existsSync(folder)) return [];
  const { mtimeMs } = statSync(folder);
  const kept = listed.get(folder);
  if (kept && kept.mtimeMs === mtimeMs) return kept.releases;
  const releases = readdirSync(folder)
    .filter(isReleaseId)
    .map((id) => readRecord(store, area, id))
    .filter((record): record is ReleaseRecord => record !== null)
    .sort((a, b) => b.publishedAt.localeCompare(a.publishedAt) || b.id.localeCompare(a.id));
  listed.set(folder, { mtimeMs, releases });
  return releases;
}

/** One release of the area (from the list kept per folder modification), or undefined when the store has none. */
export function readRelease(store: string, area: string, id: string): ReleaseRecord | undefined {
  return readReleases(store, area).find((release) => release.id === id);
}

/**
 * Puts a build into the store as a release: copied into a hidden folder beside the others, then renamed into place,
 * so that no instance ever sees half a release. 'exists' when the store has that release already (same version and
 * the same files).
 */
export function storeRelease(
  store: string,
  builtFolder: string,
  record: Omit<ReleaseRecord, 'id' | 'hash' | 'publishedAt'>,
): { outcome: 'stored' | 'exists'; release: ReleaseRecord } {
  if (!isVersion(record.version)) throw new Error(`${record.version} is no version (1.4.0, 1.4.0-rc.1)`);
  const hash = contentHash(builtFolder);
  const id = `${record.version}-${hash}`;
  const existing = readRecord(store, record.area, id);
  if (existing) return { outcome: 'exists', release: existing };
  const release: ReleaseRecord = { ...record, id, hash, publishedAt: new Date().toISOString() };
  const areaFolder = path.join(store, record.area);
  mkdirSync(areaFolder, { recursive: true });
  const incoming = path.join(areaFolder, `.incoming-${randomUUID()}`);
  try {
    cpSync(builtFolder, incoming, { recursive: true });
    writeFileSync(path.join(incoming, RELEASE_RECORD), `${JSON.stringify(release, null, 2)}\n`);
    renameSync(incoming, releaseFolder(store, record.area, id));
  } finally {
    rmSync(incoming, { recursive: true, force: true });
  }
  return { outcome: 'stored', release };
}
