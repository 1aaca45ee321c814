import type { RequestOf, ResponseOf } from '../contract';
import { isErrorBody } from '../errors/codes';
import { API_ROUTES, type EndpointId } from './routes';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

/** A failed call: HTTP status (0 when the network failed) and the API's error code when it sent one. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly endpoint: EndpointId,
  ) {
    super(`${endpoint} failed with ${status}${code ? ` ${code}` : ''}`);
    this.name = 'ApiError';
  }
}

export interface CallOptions {
  signal?: AbortSignal;
  /** Skip the global error handler (the caller shows its own message, e.g. the sign-in form). */
  silent?: boolean;
}

export type ApiErrorHandler = (error: ApiError) => void;

/** Told when a call starts and ends (the shell drives its loaders with it). */
export interface CallObserver {
  started(endpoint: EndpointId, method: 'GET' | 'POST'): void;
  finished(endpoint: EndpointId, method: 'GET' | 'POST', error?: ApiError): void;
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

export function createApiClient(baseUrl = '') {
  let errorHandler: ApiErrorHandler | undefined;
  let observer: CallObserver | undefined;

  async function ensureXsrfToken(): Promise<string | undefined> {
    const existing = readCookie(XSRF_COOKIE);
    if (existing) return existing;
    await fetch(`${baseUrl}${API_ROUTES.csrf.path}`, { credentials: 'include' });
    return readCookie(XSRF_COOKIE);
  }

  async function call<Id extends EndpointId>(
    id: Id,
    body?: RequestOf<Id>,
    options: CallOptions = {},
  ): Promise<ResponseOf<Id>> {
    const route = API_ROUTES[id];
    observer?.started(id, route.method);
    try {
      const result = await send(id, body, options);
      observer?.finished(id, route.method);
      return result;
    } catch (error) {
      observer?.finished(id, route.method, error instanceof ApiError ? error : undefined);
      throw error;
    }
  }

  async function send<Id extends EndpointId>(
    id: Id,
    body: RequestOf<Id> | undefined,
    options: CallOptions,
  ): Promise<ResponseOf<Id>> {
    const route = API_ROUTES[id];
    const headers: Record<string, string> = { Accept: 'application/json' };
    let url = `${baseUrl}${route.path}`;
    let payload: string | undefined;
    if (route.method === 'GET') {
      const query = body && Object.keys(body).length > 0 ? new URLSearchParams(body as Record<string, string>) : null;
      if (query) url += `?${query.toString()}`;
    } else {
      headers['Content-Type'] = 'application/json';
      const token = await ensureXsrfToken();
      if (token) headers[XSRF_HEADER] = token;
      payload = JSON.stringify(body ?? {});
    }
    let response: Response;
    try {
      response = await fetch(url, {
        method: route.method,
        headers,
        body: payload,
        credentials: 'include',
        signal: options.signal,
      });
    } catch (cause) {
      if (options.signal?.aborted) throw cause;
      return fail(new ApiError(0, undefined, id), options);
    }
    const text = await response.text();
    const json: unknown = text ? safeParse(text) : undefined;
    if (!response.ok) {
      return fail(new ApiError(response.status, isErrorBody(json) ? json.error.code : undefined, id), options);
    }
    return json as ResponseOf<Id>;
  }

  function fail(error: ApiError, options: CallOptions): never {
    if (!options.silent) errorHandler?.(error);
    throw error;
  }

  return {
    call,
    /** The shell installs one handler that turns failures into toasts and signs out on 401 (spec section 8). */
    setErrorHandler(handler: ApiErrorHandler | undefined) {
      errorHandler = handler;
    },
    setCallObserver(next: CallObserver | undefined) {
      observer = next;
    },
  };
}

function safeParse(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The one API client of the page: shared-core is a federation singleton, so shell and remotes use this instance. */
export const api = createApiClient();
