import { ENDPOINTS } from '@dash/shared-core/contract';
import type { FastifyInstance } from 'fastify';
import { recordAudit } from '../../../core/audit/auditTrail';
import type { Database } from '../../../core/db/database';
import { iso } from '../../../core/db/rows';
import { ApiHttpError } from '../../../http/errors';
import { registerEndpoint } from '../../../http/route';
import { requireElearning } from '../lookups';
import { type ManifestItem, storeScormPackage, unpackScormPackage } from '../scormPackage';
import type { ScormVersion } from '../scormRules';

interface PackageRow {
  uuid: string;
  scorm_version: ScormVersion;
  title: string;
  language: 'de_DE' | 'en_GB' | null;
  launch_path: string;
  file_count: number;
  unpacked_bytes: string | number;
  created_at: unknown;
  items: ManifestItem[];
}

function packageOut(row: PackageRow) {
  return {
    uuid: row.uuid,
    scormVersion: row.scorm_version,
    title: row.title,
    language: row.language,
    launchPath: row.launch_path,
    items: row.items.map((item) => ({ id: item.id, title: item.title, launchPath: item.launchPath, sco: item.sco })),
    fileCount: row.file_count,
    unpackedBytes: Number(row.unpacked_bytes),
    createdAt: iso(row.created_at) ?? '',
  };
}

const PACKAGE_COLUMNS =
  'p.uuid, p.scorm_version, p.title, p.language, p.launch_path, p.file_count, p.unpacked_bytes, p.created_at, p.items';

/** The upload of an e-learning's SCORM package: registered in the scope with the zip body parser (playerBodies.ts). */
export function registerPackageUploadRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.elearningUploadPackage, async ({ body, session }) => {
    await requireElearning(db, session, body.uuid);
    // Unpacked and checked before the transaction: a refused package writes nothing.
    const unpacked = await unpackScormPackage(body.file.tempPath);
    try {
      return await db.transaction(async (tx) => {
        await requireElearning(tx, session, body.uuid, true);
        const packageUuid = await storeScormPackage(
          tx,
          { clientUuid: session.clientUuid, elearningUuid: body.uuid, uploadedBy: session.memberUuid },
          unpacked,
        );
        await recordAudit(tx, session, [
          {
            action: 'elearning.upload-package',
            entityType: 'elearning',
            entityUuid: body.uuid,
            after: {
              packageUuid,
              scormVersion: unpacked.scormVersion,
              title: unpacked.title,
              launchPath: unpacked.launchPath,
              fileCount: unpacked.files.length,
            },
          },
        ]);
        const [row] = await tx.query<PackageRow>(
          `SELECT ${PACKAGE_COLUMNS} FROM elearning_package p WHERE p.uuid = $1`,
          [packageUuid],
        );
        if (!row) throw new ApiHttpError(500, 'Generic.PersistFailed');
        return packageOut(row);
      });
    } finally {
      // The unpacked files' temporary folder, whether the package was stored or refused.
      await unpacked.dispose();
    }
  });
}

/** An e-learning's current package: read, and its title and language saved. */
export function registerPackageRoutes(app: FastifyInstance, db: Database): void {
  registerEndpoint(app, db, ENDPOINTS.elearningPackage, async ({ body, session }) => {
    const elearning = await requireElearning(db, session, body.uuid);
    if (!elearning.package_uuid) return { package: null };
    const [row] = await db.query<PackageRow>(`SELECT ${PACKAGE_COLUMNS} FROM elearning_package p WHERE p.uuid = $1`, [
      elearning.package_uuid,
    ]);
    return { package: row ? packageOut(row) : null };
  });

  registerEndpoint(app, db, ENDPOINTS.elearningSavePackage, async ({ body, session }) =>
    db.transaction(async (tx) => {
      const elearning = await requireElearning(tx, session, body.uuid, true);
      if (!elearning.package_uuid) throw new ApiHttpError(400, 'Elearning.EmptyScormPath');
      const [before] = await tx.query<PackageRow>(
        `SELECT ${PACKAGE_COLUMNS} FROM elearning_package p WHERE p.uuid = $1`,
        [elearning.package_uuid],
      );
      const [row] = await tx.query<PackageRow>(
        `UPDATE elearning_package p SET title = $2, language = $3 WHERE p.uuid = $1 RETURNING ${PACKAGE_COLUMNS}`,
        [elearning.package_uuid, body.title, body.language],
      );
      if (!row || !before) throw new ApiHttpError(500, 'Generic.PersistFailed');
      await recordAudit(tx, session, [
        {
          action: 'elearning.save-package',
          entityType: 'elearning',
          entityUuid: body.uuid,
          before: { title: before.title, language: before.language },
          after: { title: row.title, language: row.language },
        },
      ]);
      return packageOut(row);
    }),
  );
}
