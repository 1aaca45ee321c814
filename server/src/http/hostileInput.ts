import { REQUEST_ID_HEADER } from '@dash/shared-core';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { ApiHttpError } from './errors';

/**
 * Input no call can ever accept, refused in one place for every route before any schema or handler sees it:
 * PostgreSQL refuses NUL in text and text that is not valid Unicode, such as a lone surrogate from a JSON \ud800
 * escape (a 500 where a 400 belongs), prototype keys are the first step of prototype
 * pollution, and unbounded nesting or array length cost time in every schema walk. The limits are far above what
 * any call of the contract needs (tables nest 3 deep; bulk calls take at most 1,000 uuids).
 */
export const INPUT_LIMITS = { maxDepth: 20, maxArrayLength: 10_000 } as const;

export type HostileInput = 'nul' | 'lone-surrogate' | 'prototype-key' | 'too-deep' | 'too-long' | 'not-finite';

const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/** A high surrogate not followed by a low one, or a low one not preceded by a high one. */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

function textProblem(text: string): HostileInput | null {
  if (text.includes('\u0000')) return 'nul';
  return LONE_SURROGATE.test(text) ? 'lone-surrogate' : null;
}

/** The first kind of hostile input found in a parsed body, query or params object; null when there is none. */
export function findHostileInput(value: unknown, depth = 0): HostileInput | null {
  if (typeof value === 'string') return textProblem(value);
  if (typeof value === 'number') return Number.isFinite(value) ? null : 'not-finite';
  if (value === null || typeof value !== 'object') return null;
  // Depth counts containers: {"a":1} is 1 deep.
  if (depth >= INPUT_LIMITS.maxDepth) return 'too-deep';
  if (Array.isArray(value)) {
    if (value.length > INPUT_LIMITS.maxArrayLength) return 'too-long';
    for (const item of value) {
      const found = findHostileInput(item, depth + 1);
      if (found) return found;
    }
    return null;
  }
  // Own keys only, also on objects without a prototype (the query parser makes those).
  for (const key of Object.keys(value)) {
    const keyProblem = textProblem(key);
    if (keyProblem) return keyProblem;
    if (PROTOTYPE_KEYS.has(key)) return 'prototype-key';
    const found = findHostileInput((value as Record<string, unknown>)[key], depth + 1);
    if (found) return found;
  }
  return null;
}

/** Refuses a request whose parsed query, path parameters or body hold hostile input (400 Schema.ValidationFailed). */
export function refuseHostileInput(request: FastifyRequest): void {
  const found = findHostileInput(request.query) ?? findHostileInput(request.params) ?? findHostileInput(request.body);
  if (found) throw new ApiHttpError(400, 'Schema.ValidationFailed');
}

/**
 * Fastify answers a few malformed requests before any route or hook runs (percent-encoding that does not decode,
 * path parameters over maxParamLength): in the error format like everything else.
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): void {
  // These answers skip the hooks that name every other answer (http/requestLogging.ts).
  reply.header(REQUEST_ID_HEADER, request.id);
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    reply.status(404).send({ error: { code: 'Route.NotFound' } });
    return;
  }
  reply.status(400).send({ error: { code: 'Schema.ValidationFailed' } });
}
