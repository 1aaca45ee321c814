import type { EndpointDefinition } from '@dash/shared-core/contract';
import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import { readerScope } from '../core/access/scope';
import { VersionedCache } from '../core/db/versionedCache';
import type { SessionContext } from '../core/sessions/sessions';
import { KeptAnswer } from './route';

/**
 * The answers of one call kept for a data version (VersionedCache), as checked JSON (KeptAnswer), per client and
 * reader (readerScope) and whatever else the answer depends on (`key`: the request body, the reader's language …).
 * The version must come from the database and cover everything the answer shows (docs/architecture.md).
 */
export class KeptAnswers<E extends EndpointDefinition> {
  private readonly cache: VersionedCache<KeptAnswer<E>>;

  /** `maxChars`: the JSON kept in all, least recently used answers going first. */
  constructor(
    private readonly endpoint: E,
    maxChars = 20_000_000,
  ) {
    this.cache = new VersionedCache<KeptAnswer<E>>(maxChars, (answer) => answer.size, `answers:${endpoint.id}`);
  }

  get(
    request: FastifyRequest,
    session: SessionContext,
    version: string,
    key: unknown,
    read: () => Promise<z.input<E['response']>>,
  ): Promise<KeptAnswer<E>> {
    return this.cache.get(JSON.stringify([session.clientUuid, readerScope(session), key]), version, async () =>
      KeptAnswer.of(request, this.endpoint, await read()),
    );
  }
}
