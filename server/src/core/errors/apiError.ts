import type { ErrorCode } from '@dash/shared-core/error-codes';

/**
 * Thrown by any handler or service: answered as `{"error":{"code"}}` with its status (CONTRACT.md "HTTP
 * conventions"). Lives in core so that services below the transport layer (jobs, …) can refuse with a code;
 * http/errors.ts answers it.
 */
export class ApiHttpError extends Error {
  constructor(
    readonly statusCode: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 429 | 500,
    readonly code: ErrorCode,
  ) {
    super(code);
    this.name = 'ApiHttpError';
  }
}

export const notFound = (code: ErrorCode) => new ApiHttpError(404, code);
