import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { ZipFile } from 'yazl';
import type { Queryable } from '../../../core/db/database';
import { SERVER_SOURCES } from '../../../paths';
import { storeScormPackage, unpackScormPackage } from '../scormPackage';

/**
 * The three demo courses written for this product, built from the source files beside this module into real SCORM
 * zips (no binary in the repository): the engine and page frame in `common/`, each course's manifest and texts in
 * its own folder. The seed unpacks them through the same code as an upload; `build-cli.ts` writes them as files.
 */

const HERE = path.join(SERVER_SOURCES, 'modules', 'elearnings', 'shippedContent');
const COMMON_FILES = ['index.html', 'course.js', 'style.css'];

export const DEMO_COURSES = {
  /** SCORM 1.2, files at the package root. */
  safetyBasics: { folder: 'safety-basics-scorm12', contentBase: '', fileName: 'sicher-arbeiten-scorm12.zip' },
  /** SCORM 2004 4th edition, the content under `course/` (the manifest's xml:base). */
  fireSafety: { folder: 'fire-safety-scorm2004', contentBase: 'course/', fileName: 'brandschutz-scorm2004.zip' },
  /**
   * SCORM 2004 4th edition with IMS Simple Sequencing: five SCOs (entry check, three modules, final test) on one
   * launch file, the part chosen by the item's parameters; files at the package root.
   */
  firstAid: { folder: 'first-aid-scorm2004', contentBase: '', fileName: 'erste-hilfe-scorm2004-sequenced.zip' },
} as const;
export type DemoCourse = keyof typeof DEMO_COURSES;

/** The course's zip, built in memory; fixed dates so that the same sources give the same bytes. */
export async function buildDemoCourseZip(course: DemoCourse): Promise<Buffer> {
  const { folder, contentBase } = DEMO_COURSES[course];
  const zip = new ZipFile();
  const mtime = new Date('2026-01-01T00:00:00Z');
  zip.addBuffer(await readFile(path.join(HERE, folder, 'imsmanifest.xml')), 'imsmanifest.xml', { mtime });
  zip.addBuffer(await readFile(path.join(HERE, folder, 'content.js')), `${contentBase}content.js`, { mtime });
  for (const file of COMMON_FILES) {
    zip.addBuffer(await readFile(path.join(HERE, 'common', file)), `${contentBase}${file}`, { mtime });
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Unpacks a demo course through the upload's code and makes it the e-learning's course. */
export async function installDemoCourse(
  tx: Queryable,
  course: DemoCourse,
  target: { clientUuid: string; elearningUuid: string },
): Promise<string> {
  const unpacked = await unpackScormPackage(await buildDemoCourseZip(course));
  try {
    return await storeScormPackage(tx, { ...target, uploadedBy: null }, unpacked);
  } finally {
    await unpacked.dispose();
  }
}
