import type { Queryable } from '../../../core/db/database';
import { writeDocx } from './docx';
import { INSTRUCTION_RECORD_DE, INSTRUCTION_RECORD_EN } from './instructionRecord';
import type { ShippedTemplate } from './model';
import { OPERATING_INSTRUCTIONS_DE, OPERATING_INSTRUCTIONS_EN } from './operatingInstructions';

export type { DocumentBlock, ShippedTemplate } from './model';

/** The starting documents every licensee provides to its clients, in German and English. */
export const SHIPPED_TEMPLATES: readonly ShippedTemplate[] = [
  OPERATING_INSTRUCTIONS_DE,
  OPERATING_INSTRUCTIONS_EN,
  INSTRUCTION_RECORD_DE,
  INSTRUCTION_RECORD_EN,
];

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/** The stored file's type names the shipped document: how its installed copy is found again. */
export function shippedFileType(template: ShippedTemplate): string {
  return `shipped:${template.key}`;
}

/**
 * Installs the shipped templates as licensee templates (every client of the licensee sees them, also a client
 * created later; no client can delete them) for every licensee that has not got them yet, and brings installed copies
 * up to date when the shipped text changed. Idempotent: run on every start.
 */
export async function installShippedTemplates(
  tx: Queryable,
  templates: readonly ShippedTemplate[] = SHIPPED_TEMPLATES,
): Promise<void> {
  for (const template of templates) {
    const content = await writeDocx(template);
    const type = shippedFileType(template);
    await tx.query(
      `UPDATE file f SET content = $2, filename = $3
         FROM template t WHERE t.file_uuid = f.uuid AND t.licensee_uuid IS NOT NULL AND f.type = $1
          AND (f.content <> $2 OR f.filename <> $3)`,
      [type, content, template.filename],
    );
    await tx.query(
      `UPDATE template t SET title = $2, category = $3, size_bytes = $4
         FROM file f WHERE t.file_uuid = f.uuid AND t.licensee_uuid IS NOT NULL AND f.type = $1
          AND (t.title <> $2 OR t.category <> $3 OR t.size_bytes <> $4)`,
      [type, template.title, template.category, content.length],
    );
    const missing = await tx.query<{ uuid: string }>(
      `SELECT l.uuid FROM licensee l
        WHERE NOT EXISTS (SELECT 1 FROM template t JOIN file f ON f.uuid = t.file_uuid
                           WHERE t.licensee_uuid = l.uuid AND f.type = $1)
        ORDER BY l.uuid`,
      [type],
    );
    for (const licensee of missing) {
      await tx.query(
        `WITH stored AS (INSERT INTO file (context, type, filename, content_type, content)
                         VALUES ('template', $2, $3, $4, $5) RETURNING uuid)
         INSERT INTO template (licensee_uuid, category, title, file_uuid, size_bytes)
         SELECT $1, $6, $7, stored.uuid, $8 FROM stored`,
        [licensee.uuid, type, template.filename, DOCX, content, template.category, template.title, content.length],
      );
    }
  }
}
