import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { AREAS, BUNDLED_RELEASE_ID } from '@dash/shared-core';
import type { ServerConfig } from '../../config';
import { answerOperatorRequests } from '../db/backup';
import type { Database } from '../db/database';
import { setChoice } from './choices';
import { problemsOfRelease } from './platform';
import { readRelease } from './store';

/**
 * The operator's choice of a release (`npm run release:use`, docs/releases.md): for everybody (the default), one
 * licensee or one client. `release`: a release id, `bundled` (the deployment's own build) or `none` (the choice
 * removed). A release that does not fit this server and its shell is refused unless `force`: the shell then shows the
 * area's error panel with the reasons instead of loading it.
 */
export interface OperatorChoice {
  area: string;
  release: string;
  client?: string;
  licensee?: string;
  force?: boolean;
}

type ChoiceConfig = Pick<ServerConfig, 'releaseStoreDir' | 'staticRoot'>;

/** Applies the choice; answers what changed, or throws an Error whose message says why not. */
export async function applyOperatorChoice(db: Database, config: ChoiceConfig, choice: OperatorChoice): Promise<string> {
  const area = AREAS.find((candidate) => candidate.name === choice.area);
  if (!area) throw new Error(`No area ${choice.area}.`);
  if (choice.client && choice.licensee) throw new Error('Either --client or --licensee, not both.');
  if (choice.release !== 'none' && choice.release !== BUNDLED_RELEASE_ID) {
    const release = readRelease(config.releaseStoreDir, area.name, choice.release);
    if (!release) throw new Error(`The store has no release ${choice.release} of ${area.name} (--list shows them).`);
    const problems = problemsOfRelease(release, config.staticRoot);
    if (problems.length > 0 && !choice.force) {
      throw new Error(
        `${choice.release} does not fit this server and shell:\n  - ${problems.join('\n  - ')}\n(--force chooses it anyway)`,
      );
    }
  }
  return db.transaction(async (tx) => {
    let licenseeUuid: string | null = null;
    let clientUuid: string | null = null;
    if (choice.client) {
      const [client] = await tx.query<{ uuid: string }>('SELECT uuid FROM client WHERE identifier = $1', [
        choice.client,
      ]);
      if (!client) throw new Error(`No client with the company ID "${choice.client}".`);
      clientUuid = client.uuid;
    } else if (choice.licensee) {
      const [licensee] = await tx.query<{ uuid: string }>('SELECT uuid FROM licensee WHERE identifier = $1', [
        choice.licensee,
      ]);
      if (!licensee) throw new Error(`No licensee "${choice.licensee}".`);
      licenseeUuid = licensee.uuid;
    }
    const releaseId = choice.release === 'none' ? null : choice.release;
    const before = await setChoice(tx, { area: area.name, licenseeUuid, clientUuid, releaseId, chosenBy: 'operator' });
    const scope = choice.client
      ? `client ${choice.client}`
      : choice.licensee
        ? `licensee ${choice.licensee}`
        : 'default';
    return `${area.name}, ${scope}: ${before ?? '(none)'} -> ${releaseId ?? '(none)'}`;
  });
}

/**
 * With the embedded database the running server holds it alone, so the command hands the choice to the server the
 * way `npm run backup` asks for a copy (core/db/backup.ts): it writes this file (JSON of an OperatorChoice) and sends
 * the signal; the server applies it and writes `<file>.answer` ({ ok, message }).
 */
export function releaseChoiceRequestFile(dataDir: string): string {
  return path.join(dataDir, 'release-choice.request');
}

/** Server side: answers choice requests (the mechanism of core/db/backup.ts); answers a function that stops. */
export function answerReleaseChoiceRequests(
  db: Database,
  config: ChoiceConfig & Pick<ServerConfig, 'dataDir'>,
  log: { info(message: string): void; error(message: string): void },
): () => void {
  return answerOperatorRequests(
    config.dataDir,
    releaseChoiceRequestFile(config.dataDir),
    async (request) => {
      let answer: { ok: boolean; message: string };
      try {
        const choice = JSON.parse(readFileSync(request, 'utf8')) as OperatorChoice;
        answer = { ok: true, message: await applyOperatorChoice(db, config, choice) };
        log.info(`release choice: ${answer.message}`);
      } catch (error) {
        answer = { ok: false, message: (error as Error).message };
        log.error(`release choice refused: ${answer.message}`);
      }
      writeFileSync(`${request}.partial`, JSON.stringify(answer));
      renameSync(`${request}.partial`, `${request}.answer`);
    },
    (error) => log.error(`release choice not answered: ${error.message}`),
  );
}
