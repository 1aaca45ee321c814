import type { FastifyInstance } from 'fastify';
import type { Database } from '../../core/db/database';
import { registerExportRoutes } from './routes/exportPdf';
import { registerMemberTaskRoutes } from './routes/memberTasks';
import { registerRecordRoutes } from './routes/records';
import { registerSignatureRoutes } from './routes/signatures';

/**
 * Instruction records (Unterweisungsnachweis, docs/instructions.md): administrators record instructions and take
 * signatures on their device; members sign their own. Each sub-feature registers its calls in routes/<subFeature>.ts.
 */
export function registerInstructionRoutes(app: FastifyInstance, db: Database): void {
  registerRecordRoutes(app, db);
  registerSignatureRoutes(app, db);
  registerMemberTaskRoutes(app, db);
  registerExportRoutes(app, db);
}
