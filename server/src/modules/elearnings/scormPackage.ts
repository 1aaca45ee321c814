import { createWriteStream } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ScormActivity, ScormSequencingTree } from '@dash/shared-core';
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import type { Queryable } from '../../core/db/database';
import { ApiHttpError } from '../../http/errors';
import { hasSequencing, parseSequencing } from './scormSequencing';

/**
 * SCORM packages: a zip is checked entry by entry before anything is stored (docs/scorm.md "Package upload"),
 * `imsmanifest.xml` names the version, title, language and launch file, and the files go into
 * `elearning_package_file`, the only paths the course origin serves. Unpacking streams each file to a temporary
 * folder and stops the moment a limit is passed: a zip bomb is refused before much of it is inflated, and never
 * into memory.
 */

export const PACKAGE_LIMITS = {
  /** The zip as uploaded (a 500 MB upload is refused before its body is read, by its Content-Length). */
  maxUploadBytes: 256 * 1024 * 1024,
  maxEntries: 10_000,
  /** All files unpacked. */
  maxUnpackedBytes: 1024 * 1024 * 1024,
  /** One file unpacked (it is stored as one value, read into memory once for that). */
  maxFileBytes: 256 * 1024 * 1024,
  /** imsmanifest.xml, the one file parsed (real ones are a few hundred KB at most). */
  maxManifestBytes: 4 * 1024 * 1024,
  /**
   * Unpacked / compressed, for one entry and for the whole package; real course media stay far below (images,
   * video are compressed), text reaches 10 : 1.
   */
  maxCompressionRatio: 200,
  /** Entries (and packages) smaller than this are not judged by their ratio (a page of text compresses well). */
  ratioCheckFromBytes: 1024 * 1024,
  maxPathLength: 500,
} as const;

/** A launchable item of the manifest's organization: one entry of the player's table of contents. */
export interface ManifestItem {
  /** The item's `identifier` (unique in the package; `item-<n>` when the manifest has none or repeats one). */
  id: string;
  title: string;
  /** The title per language from the item's metadata (see titlesOf), where it gives any. */
  titles?: LocalisedTitles;
  /** Relative to the package root (xml:base of manifest, resources and resource), with the item's parameters. */
  launchPath: string;
  /** adlcp:scormtype (1.2) / adlcp:scormType (2004) "sco", or none stated: it talks to the runtime and counts. */
  sco: boolean;
  /** What the manifest hands the SCO at launch, where it states any (itemDataOf). */
  data?: ItemData;
}

/** The four time limit actions both SCORM versions name (cmi.time_limit_action). */
export const TIME_LIMIT_ACTIONS = [
  'exit,message',
  'exit,no message',
  'continue,message',
  'continue,no message',
] as const;

/**
 * An item's data for its SCO, as authoring tools write it into the manifest and the SCO reads it from the runtime
 * (docs/scorm.md "Item data"); each only when stated and valid.
 */
export interface ItemData {
  /** adlcp:datafromlms (1.2) / adlcp:dataFromLMS (2004): cmi.launch_data, free text the SCO reads as it likes. */
  launchData?: string;
  /** adlcp:masteryscore (1.2), 0-100: cmi.student_data.mastery_score. */
  masteryScore?: number;
  /**
   * adlcp:maxtimeallowed (1.2), HHHH:MM:SS: cmi.student_data.max_time_allowed; in 2004 the sequencing's
   * attemptAbsoluteDurationLimit (ISO 8601, `PT30M`): cmi.max_time_allowed.
   */
  maxTimeAllowed?: string;
  /** 2004: the primary objective's minNormalizedMeasure when it is satisfied by measure: cmi.scaled_passing_score. */
  scaledPassingScore?: number;
  /** adlcp:timelimitaction (1.2) / adlcp:timeLimitAction (2004): what the SCO does when the time is up. */
  timeLimitAction?: (typeof TIME_LIMIT_ACTIONS)[number];
  /** adlcp:completionThreshold (2004), 0-1 (its text, or 4th edition's minProgressMeasure): cmi.completion_threshold. */
  completionThreshold?: number;
}

/** SCORM 1.2 launch_data is a CMIString4096, SCORM 2004's at least 4,000 characters: the smaller. */
export const MAX_LAUNCH_DATA_LENGTH = 4000;

export interface ManifestInfo {
  scormVersion: '1.2' | '2004';
  title: string;
  language: 'de_DE' | 'en_GB' | null;
  /** The first item's launch path (what a single-SCO package runs). */
  launchPath: string;
  /** Every launchable item of the organization in manifest order, nested items depth first; at least one. */
  items: ManifestItem[];
  /** SCORM 2004 with `imsss:sequencing` or `adlnav:presentation` in the manifest: the activity tree; else null. */
  sequencing: ScormSequencingTree | null;
}

/** The longest item identifier kept as the SCO's id (a longer one is replaced by `item-<n>`). */
export const MAX_ITEM_ID_LENGTH = 200;

const CONTENT_TYPES: Record<string, string> = {
  html: 'text/html; charset=utf-8',
  htm: 'text/html; charset=utf-8',
  js: 'text/javascript; charset=utf-8',
  mjs: 'text/javascript; charset=utf-8',
  css: 'text/css; charset=utf-8',
  json: 'application/json',
  xml: 'application/xml',
  xsd: 'application/xml',
  txt: 'text/plain; charset=utf-8',
  vtt: 'text/vtt',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  svg: 'image/svg+xml',
  webp: 'image/webp',
  ico: 'image/x-icon',
  mp3: 'audio/mpeg',
  wav: 'audio/wav',
  ogg: 'audio/ogg',
  m4a: 'audio/mp4',
  mp4: 'video/mp4',
  webm: 'video/webm',
  woff: 'font/woff',
  woff2: 'font/woff2',
  ttf: 'font/ttf',
  otf: 'font/otf',
  eot: 'application/vnd.ms-fontobject',
  pdf: 'application/pdf',
  swf: 'application/x-shockwave-flash',
};

export function contentTypeOf(path: string): string {
  const extension = path.slice(path.lastIndexOf('.') + 1).toLowerCase();
  return CONTENT_TYPES[extension] ?? 'application/octet-stream';
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * The entry's path when it is safe to unpack: relative, no `..` segment, no backslash or drive letter, no NUL,
 * not a symbolic link. Throws ElearningPackage.UnsafePath otherwise; directories answer null.
 */
export function safeEntryPath(entry: Pick<Entry, 'fileName' | 'externalFileAttributes'>): string | null {
  const name = entry.fileName;
  const mode = (entry.externalFileAttributes >>> 16) & S_IFMT;
  if (mode === S_IFLNK) throw new ApiHttpError(400, 'ElearningPackage.UnsafePath');
  if (
    name.length === 0 ||
    name.length > PACKAGE_LIMITS.maxPathLength ||
    name.includes('\\') ||
    name.includes('\u0000') ||
    name.startsWith('/') ||
    /^[a-zA-Z]:/.test(name) ||
    name.split('/').some((segment) => segment === '..' || segment === '.')
  ) {
    throw new ApiHttpError(400, 'ElearningPackage.UnsafePath');
  }
  return name.endsWith('/') ? null : name;
}

/** Files left out on unpacking: operating-system clutter, never part of a course. */
function isClutter(path: string): boolean {
  return (
    path.startsWith('__MACOSX/') || path.endsWith('/.DS_Store') || path === '.DS_Store' || path.endsWith('Thumbs.db')
  );
}

function openZip(source: string | Buffer): Promise<ZipFile> {
  const options = { lazyEntries: true, autoClose: false, strictFileNames: true, validateEntrySizes: true };
  return new Promise((resolve, reject) => {
    const done = (error: Error | null, zip?: ZipFile) =>
      error || !zip ? reject(new ApiHttpError(400, 'ElearningPackage.InvalidZip')) : resolve(zip);
    if (typeof source === 'string') yauzl.open(source, options, done);
    else yauzl.fromBuffer(source, options, done);
  });
}

function readEntries(zip: ZipFile): Promise<Entry[]> {
  // The end of the central directory states the count: a package of a million entries is refused unread.
  if (zip.entryCount > PACKAGE_LIMITS.maxEntries) {
    return Promise.reject(new ApiHttpError(400, 'ElearningPackage.TooManyFiles'));
  }
  return new Promise((resolve, reject) => {
    const entries: Entry[] = [];
    zip.on('entry', (entry: Entry) => {
      entries.push(entry);
      if (entries.length > PACKAGE_LIMITS.maxEntries) {
        reject(new ApiHttpError(400, 'ElearningPackage.TooManyFiles'));
        return;
      }
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    // yauzl refuses unsafe names itself too (strictFileNames); answered as such.
    zip.on('error', (error: Error) =>
      reject(
        new ApiHttpError(
          400,
          /relative path|absolute path|invalid characters/i.test(error.message)
            ? 'ElearningPackage.UnsafePath'
            : 'ElearningPackage.InvalidZip',
        ),
      ),
    );
    zip.readEntry();
  });
}

/** An inflating stream's failure: more or fewer bytes than the header declared is a lying zip bomb, else broken. */
function streamError(error: unknown): ApiHttpError {
  if (error instanceof ApiHttpError) return error;
  const message = error instanceof Error ? error.message : '';
  return new ApiHttpError(
    400,
    /too many bytes|too few bytes|size/i.test(message) ? 'ElearningPackage.TooLarge' : 'ElearningPackage.InvalidZip',
  );
}

function openEntry(zip: ZipFile, entry: Entry): Promise<NodeJS.ReadableStream> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (error, stream) => {
      if (error || !stream) reject(new ApiHttpError(400, 'ElearningPackage.InvalidZip'));
      else resolve(stream);
    });
  });
}

/**
 * Counts what an entry inflates to and stops at `limit` bytes; yauzl also stops a stream that inflates to more than
 * the header declared (a lying zip bomb).
 */
function counting(limit: number, counted: (size: number) => void): Transform {
  let size = 0;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      size += chunk.length;
      if (size > limit) callback(new ApiHttpError(400, 'ElearningPackage.TooLarge'));
      else {
        counted(size);
        callback(null, chunk);
      }
    },
  });
}

/** The manifest, read into memory (the one file that is), at most maxManifestBytes. */
async function readManifest(zip: ZipFile, entry: Entry): Promise<string> {
  if (entry.uncompressedSize > PACKAGE_LIMITS.maxManifestBytes) {
    throw new ApiHttpError(400, 'ElearningPackage.InvalidManifest');
  }
  const chunks: Buffer[] = [];
  try {
    await pipeline(
      await openEntry(zip, entry),
      counting(Math.min(entry.uncompressedSize, PACKAGE_LIMITS.maxManifestBytes), () => undefined),
      async (source: AsyncIterable<Buffer>) => {
        for await (const chunk of source) chunks.push(chunk);
      },
    );
  } catch (error) {
    throw streamError(error);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** One entry inflated into `target`, stopped at its declared size and at what the package may still unpack. */
async function inflateTo(zip: ZipFile, entry: Entry, target: string, remaining: number): Promise<number> {
  let size = 0;
  try {
    await pipeline(
      await openEntry(zip, entry),
      counting(Math.min(entry.uncompressedSize, remaining), (counted) => {
        size = counted;
      }),
      createWriteStream(target),
    );
  } catch (error) {
    throw streamError(error);
  }
  return size;
}

/** Declared sizes and ratios, of each entry and of the whole package, before a single byte is inflated. */
function checkSizes(files: Entry[]): void {
  let total = 0;
  let compressed = 0;
  for (const entry of files) {
    total += entry.uncompressedSize;
    compressed += entry.compressedSize;
    if (total > PACKAGE_LIMITS.maxUnpackedBytes || entry.uncompressedSize > PACKAGE_LIMITS.maxFileBytes) {
      throw new ApiHttpError(400, 'ElearningPackage.TooLarge');
    }
    if (
      entry.uncompressedSize >= PACKAGE_LIMITS.ratioCheckFromBytes &&
      entry.uncompressedSize > Math.max(entry.compressedSize, 1) * PACKAGE_LIMITS.maxCompressionRatio
    ) {
      throw new ApiHttpError(400, 'ElearningPackage.TooLarge');
    }
  }
  // Many small entries, each below the ratio check, that together inflate to far more than they weigh.
  if (
    total >= PACKAGE_LIMITS.ratioCheckFromBytes &&
    total > Math.max(compressed, 1) * PACKAGE_LIMITS.maxCompressionRatio
  ) {
    throw new ApiHttpError(400, 'ElearningPackage.TooLarge');
  }
}

type XmlNode = Record<string, unknown>;

function list(value: unknown): XmlNode[] {
  if (value === undefined || value === null) return [];
  return (Array.isArray(value) ? value : [value]).filter((item): item is XmlNode => typeof item === 'object');
}

function text(value: unknown): string {
  if (typeof value === 'string' || typeof value === 'number') return String(value).trim();
  if (Array.isArray(value)) return text(value[0]);
  if (value && typeof value === 'object') {
    const node = value as XmlNode;
    if ('#text' in node) return text(node['#text']);
    if ('langstring' in node) return text(node.langstring);
    if ('string' in node) return text(node.string);
  }
  return '';
}

/** The item data an item states (ItemData); undefined when it states none. Invalid values are left out. */
function itemDataOf(item: XmlNode, scormVersion: '1.2' | '2004'): ItemData | undefined {
  // The element names as each version's schema spells them; real manifests mix the spellings, so both are read.
  const first = (...names: string[]) => {
    for (const name of names) {
      const found = text(item[name]);
      if (found !== '') return found;
    }
    return '';
  };
  const data: ItemData = {};
  const launchData = decodeEntities(first('dataFromLMS', 'datafromlms'));
  if (launchData) data.launchData = launchData.slice(0, MAX_LAUNCH_DATA_LENGTH);
  const action = first('timeLimitAction', 'timelimitaction')
    .toLowerCase()
    .replace(/\s*,\s*/, ',');
  const known = TIME_LIMIT_ACTIONS.find((candidate) => candidate === action);
  if (known) data.timeLimitAction = known;
  if (scormVersion === '1.2') {
    const mastery = first('masteryscore', 'masteryScore');
    const score = Number(mastery);
    if (mastery !== '' && Number.isFinite(score) && score >= 0 && score <= 100) data.masteryScore = score;
    const maxTime = first('maxtimeallowed', 'maxTimeAllowed');
    if (/^\d{2,4}:\d{2}:\d{2}(\.\d{1,2})?$/.test(maxTime)) data.maxTimeAllowed = maxTime;
  } else {
    const node = list(item.completionThreshold)[0];
    const stated = text(item.completionThreshold) || attribute(node, 'minProgressMeasure');
    const threshold = Number(stated);
    if (stated !== '' && Number.isFinite(threshold) && threshold >= 0 && threshold <= 1) {
      data.completionThreshold = threshold;
    }
  }
  return Object.keys(data).length > 0 ? data : undefined;
}

function attribute(node: XmlNode | undefined, name: string): string {
  const value = node?.[`@_${name}`];
  return typeof value === 'string' ? value.trim() : '';
}

/** Joins xml:base values and an href the way a browser resolves them, refusing anything that leaves the package. */
function joinPath(bases: string[], href: string): string {
  const [pathPart = '', ...queryParts] = href.split('?');
  const segments: string[] = [];
  for (const part of [...bases, pathPart].join('/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') {
      if (segments.length === 0) throw new ApiHttpError(400, 'ElearningPackage.InvalidManifest');
      segments.pop();
      continue;
    }
    segments.push(part);
  }
  const query = queryParts.join('?');
  return segments.join('/') + (query ? `?${query}` : '');
}

/** The predefined XML entities and character references (the parser leaves entities alone: no expansion bombs). */
function decodeEntities(value: string): string {
  const named: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
  return value.replace(/&(#x[0-9a-f]+|#[0-9]+|amp|lt|gt|quot|apos);/gi, (whole, name: string) => {
    if (name[0] !== '#') return named[name.toLowerCase()] ?? whole;
    const code = name[1] === 'x' || name[1] === 'X' ? Number.parseInt(name.slice(2), 16) : Number(name.slice(1));
    return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
  });
}

export type LocalisedTitles = Partial<Record<'de_DE' | 'en_GB', string>>;

/**
 * An item's title per language: its metadata's LOM `general/title`, a LangString of one `<string language="…">`
 * per language (IEEE LOM, SCORM 2004) or `<langstring xml:lang="…">` (IMS Metadata 1.2, SCORM 1.2). A manifest has
 * one `<title>` per item, so a package for learners of several languages names them there; none: undefined.
 */
export function titlesOf(node: XmlNode): LocalisedTitles | undefined {
  const metadata = list(node.metadata)[0];
  const title = list(list(list(metadata?.lom)[0]?.general)[0]?.title)[0];
  if (!title) return undefined;
  const titles: LocalisedTitles = {};
  for (const entry of [...list(title.string), ...list(title.langstring)]) {
    const language = languageOf(attribute(entry, 'language') || attribute(entry, 'lang'));
    const value = decodeEntities(text(entry['#text'])).slice(0, 200);
    if (language && value && !titles[language]) titles[language] = value;
  }
  return Object.keys(titles).length > 0 ? titles : undefined;
}

/** A title in `language` where the package gives one, else the manifest's. */
export function localisedTitle(
  entry: { title: string; titles?: LocalisedTitles },
  language: 'de_DE' | 'en_GB',
): string {
  return entry.titles?.[language] ?? entry.title;
}

function languageOf(code: string): 'de_DE' | 'en_GB' | null {
  const lower = code.toLowerCase();
  if (lower.startsWith('de')) return 'de_DE';
  if (lower.startsWith('en')) return 'en_GB';
  return null;
}

/** Elements read as lists (the sequencing ones may repeat; one of them alone is still a list). */
const ARRAY_ELEMENTS = new Set([
  'organization',
  'item',
  'resource',
  'file',
  'langstring',
  'string',
  'sequencing',
  'sequencingCollection',
  'preConditionRule',
  'exitConditionRule',
  'postConditionRule',
  'ruleConditions',
  'ruleCondition',
  'ruleAction',
  'rollupRules',
  'rollupRule',
  'rollupConditions',
  'rollupCondition',
  'rollupAction',
  'objectives',
  'objective',
  'primaryObjective',
  'mapInfo',
  'controlMode',
  'limitConditions',
  'deliveryControls',
  'constrainedChoiceConsiderations',
  'presentation',
  'navigationInterface',
  'hideLMSUI',
]);

/**
 * imsmanifest.xml -> version, title, language and the launchable items (LESSONS.md "SCORM packages in the wild"):
 * the default organization, or the first when the default names none that exists.
 */
export function parseManifest(xml: string): ManifestInfo {
  let document: XmlNode;
  // The parser takes broken XML silently (an unclosed element, a stray tag): checked to be well-formed first.
  if (XMLValidator.validate(xml) !== true) throw new ApiHttpError(400, 'ElearningPackage.InvalidManifest');
  try {
    const parser = new XMLParser({
      ignoreAttributes: false,
      attributeNamePrefix: '@_',
      removeNSPrefix: true,
      // Values stay text: launch data "007" or a title "1.10" must not become numbers.
      parseTagValue: false,
      processEntities: false,
      isArray: (name) => ARRAY_ELEMENTS.has(name),
    });
    document = parser.parse(xml) as XmlNode;
  } catch {
    throw new ApiHttpError(400, 'ElearningPackage.InvalidManifest');
  }
  const manifest = document.manifest as XmlNode | undefined;
  if (!manifest || typeof manifest !== 'object') throw new ApiHttpError(400, 'ElearningPackage.InvalidManifest');
  const schemaVersion = text((manifest.metadata as XmlNode | undefined)?.schemaversion);
  const scormVersion =
    /2004|cam 1\.3/i.test(schemaVersion) || /adlcp_v1p3|adlseq|imsss/i.test(xml) ? '2004' : ('1.2' as const);

  const organizations = manifest.organizations as XmlNode | undefined;
  const all = list(organizations?.organization);
  const defaultId = attribute(organizations, 'default');
  // Some manifests name a default organization that does not exist: the first one then.
  const organization = all.find((candidate) => attribute(candidate, 'identifier') === defaultId) ?? all[0];
  if (!organization) throw new ApiHttpError(400, 'Elearning.EmptyScormPath');

  const resources = manifest.resources as XmlNode | undefined;
  const resourceList = list(resources?.resource);
  const bases = [attribute(manifest, 'base'), attribute(resources, 'base')];
  const items: ManifestItem[] = [];
  const ids = new Set<string>();
  const idOf = new Map<XmlNode, string>();
  let firstItem: XmlNode | undefined;
  // Depth first in manifest order; an item without identifierref is a folder (its children count), an item whose
  // resource is missing or has no href cannot be launched and is left out.
  const walk = (nodes: XmlNode[]) => {
    for (const item of nodes) {
      const ref = attribute(item, 'identifierref');
      const resource = ref ? resourceList.find((candidate) => attribute(candidate, 'identifier') === ref) : undefined;
      const href = attribute(resource, 'href');
      if (resource && href) {
        let launchPath = joinPath([...bases, attribute(resource, 'base')], href);
        const parameters = attribute(item, 'parameters');
        if (parameters) {
          const query = parameters.replace(/^[?&]+/, '');
          launchPath += (launchPath.includes('?') ? '&' : '?') + query;
        }
        let id = attribute(item, 'identifier');
        for (let n = items.length + 1; !id || id.length > MAX_ITEM_ID_LENGTH || ids.has(id); n += 1) id = `item-${n}`;
        ids.add(id);
        idOf.set(item, id);
        const scormType = (attribute(resource, 'scormtype') || attribute(resource, 'scormType')).toLowerCase();
        firstItem ??= item;
        items.push({
          id,
          title: (decodeEntities(text(item.title)) || id).slice(0, 200),
          titles: titlesOf(item),
          launchPath,
          sco: scormType !== 'asset',
          data: itemDataOf(item, scormVersion),
        });
      }
      walk(list(item.item));
    }
  };
  walk(list(organization.item));
  // Only assets: a mislabelled package (a course calling the runtime anyway); its items run as SCOs, as before items.
  if (!items.some((item) => item.sco)) for (const item of items) item.sco = true;
  const first = items[0];
  if (!first) throw new ApiHttpError(400, 'Elearning.EmptyScormPath');

  const lom = ((manifest.metadata as XmlNode | undefined)?.lom ?? {}) as XmlNode;
  const general = (lom.general ?? {}) as XmlNode;
  const title = (
    decodeEntities(text(organization.title) || text(general.title) || text(firstItem?.title)) || 'SCORM'
  ).slice(0, 200);
  const sequencing =
    scormVersion === '2004' && hasSequencing(xml)
      ? parseSequencing({
          organization,
          manifest,
          idOf,
          titleOf: (node) => decodeEntities(text(node.title)).slice(0, 200),
          titlesOf,
        })
      : null;
  if (sequencing) addSequencingItemData(items, sequencing.activityTree);
  return {
    scormVersion,
    title,
    language: languageOf(text(general.language)),
    launchPath: first.launchPath,
    items,
    sequencing,
  };
}

/**
 * What SCORM 2004 hands a SCO from its activity's sequencing (collections resolved): the attempt's time limit as
 * cmi.max_time_allowed and the pass mark of a primary objective satisfied by measure as cmi.scaled_passing_score.
 */
function addSequencingItemData(items: ManifestItem[], root: ScormActivity): void {
  const activities = new Map<string, ScormActivity>();
  const collect = (activity: ScormActivity) => {
    activities.set(activity.id, activity);
    for (const child of activity.children ?? []) collect(child);
  };
  collect(root);
  for (const item of items) {
    const activity = activities.get(item.id);
    if (!activity) continue;
    const data: ItemData = { ...item.data };
    if (activity.attemptAbsoluteDurationLimit) data.maxTimeAllowed = activity.attemptAbsoluteDurationLimit;
    const objective = activity.primaryObjective;
    const passMark = objective?.minNormalizedMeasure;
    if (objective?.satisfiedByMeasure && passMark !== undefined && passMark >= -1 && passMark <= 1) {
      data.scaledPassingScore = passMark;
    }
    if (Object.keys(data).length > 0) item.data = data;
  }
}

export interface UnpackedPackage extends ManifestInfo {
  /** Each file of the package, unpacked into a temporary file (`dispose` removes them). */
  files: Array<{ path: string; size: number; tempFile: string }>;
  unpackedBytes: number;
  /** Removes the temporary files; call it once the package is stored (or refused). */
  dispose(): Promise<void>;
}

/**
 * Checks and unpacks a SCORM zip (a file path or, for the demo seed, bytes) into a temporary folder. The package
 * root is the folder of the shallowest imsmanifest.xml (some tools wrap everything in one folder); files outside it
 * are left out. Everything that can be judged from the zip's directory (names, count, declared sizes and ratios) is
 * judged before anything is inflated; the rest while streaming.
 */
export async function unpackScormPackage(source: string | Buffer): Promise<UnpackedPackage> {
  const zip = await openZip(source);
  let folder: string | null = null;
  const dispose = async () => {
    if (folder) await rm(folder, { recursive: true, force: true });
  };
  try {
    const entries = await readEntries(zip);
    const files: Array<{ entry: Entry; path: string }> = [];
    for (const entry of entries) {
      const entryPath = safeEntryPath(entry);
      if (entryPath && !isClutter(entryPath)) files.push({ entry, path: entryPath });
    }
    checkSizes(files.map((file) => file.entry));
    const manifests = files
      .filter((file) => file.path === 'imsmanifest.xml' || file.path.endsWith('/imsmanifest.xml'))
      .sort((a, b) => a.path.split('/').length - b.path.split('/').length);
    const manifestFile = manifests[0];
    if (!manifestFile) throw new ApiHttpError(400, 'ElearningPackage.MissingManifest');
    const root = manifestFile.path.slice(0, -'imsmanifest.xml'.length);
    const info = parseManifest(await readManifest(zip, manifestFile.entry));
    const inRoot = files.filter((file) => file.path.startsWith(root));
    // Every item's launch file must be in the package (a table of contents entry that cannot open is refused now).
    const stored = new Set(inRoot.map((file) => file.path.slice(root.length)));
    if (info.items.some((item) => !stored.has(item.launchPath.split('?')[0] ?? ''))) {
      throw new ApiHttpError(400, 'Elearning.EmptyScormPath');
    }
    folder = await mkdtemp(path.join(tmpdir(), 'scorm-unpack-'));
    const unpacked: UnpackedPackage['files'] = [];
    let unpackedBytes = 0;
    for (const [index, file] of inRoot.entries()) {
      // Numbered, never named after the entry: nothing of the zip's names reaches the file system.
      const tempFile = path.join(folder, String(index));
      const size = await inflateTo(zip, file.entry, tempFile, PACKAGE_LIMITS.maxUnpackedBytes - unpackedBytes);
      unpackedBytes += size;
      unpacked.push({ path: file.path.slice(root.length), size, tempFile });
    }
    return { ...info, files: unpacked, unpackedBytes, dispose };
  } catch (error) {
    await dispose();
    throw error;
  } finally {
    zip.close();
  }
}

/** Rows per INSERT: bounded by count and bytes, so that a package of thousands of files takes a few statements. */
const BATCH_FILES = 500;
const BATCH_BYTES = 16 * 1024 * 1024;

/** Stores an unpacked package under the e-learning and makes it the e-learning's course. */
export async function storeScormPackage(
  tx: Queryable,
  target: { clientUuid: string; elearningUuid: string; uploadedBy: string | null },
  unpacked: UnpackedPackage,
): Promise<string> {
  const [row] = await tx.query<{ uuid: string }>(
    `INSERT INTO elearning_package (client_uuid, elearning_uuid, scorm_version, launch_path, title, language,
                                    file_count, unpacked_bytes, uploaded_by, items, sequencing)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING uuid`,
    [
      target.clientUuid,
      target.elearningUuid,
      unpacked.scormVersion,
      unpacked.launchPath,
      unpacked.title,
      unpacked.language,
      unpacked.files.length,
      unpacked.unpackedBytes,
      target.uploadedBy,
      JSON.stringify(unpacked.items),
      unpacked.sequencing ? JSON.stringify(unpacked.sequencing) : null,
    ],
  );
  if (!row) throw new ApiHttpError(500, 'Generic.PersistFailed');
  let batch: UnpackedPackage['files'] = [];
  let batchBytes = 0;
  // A batch's files are read from their temporary files just before its INSERT: at most one batch in memory.
  const flush = async () => {
    if (batch.length === 0) return;
    const params: unknown[] = [row.uuid];
    const contents = await Promise.all(batch.map((file) => readFile(file.tempFile)));
    const values = batch.map((file, index) => {
      const content = contents[index] ?? Buffer.alloc(0);
      params.push(file.path, contentTypeOf(file.path), content.length, content);
      const at = params.length;
      return `($1, $${at - 3}, $${at - 2}, $${at - 1}, $${at})`;
    });
    await tx.query(
      `INSERT INTO elearning_package_file (package_uuid, path, content_type, size_bytes, content) VALUES ${values.join(', ')}`,
      params,
    );
    batch = [];
    batchBytes = 0;
  };
  for (const file of unpacked.files) {
    // A large file goes in a statement of its own rather than on top of a full batch.
    if (batchBytes + file.size > BATCH_BYTES) await flush();
    batch.push(file);
    batchBytes += file.size;
    if (batch.length >= BATCH_FILES) await flush();
  }
  await flush();
  await tx.query('UPDATE elearning SET package_uuid = $2, updated_at = now() WHERE uuid = $1', [
    target.elearningUuid,
    row.uuid,
  ]);
  return row.uuid;
}
