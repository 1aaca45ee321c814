import type { RequestOf, ResponseOf } from '../contract';
import { isErrorBody } from '../errors/codes';
import { API_ROUTES, type EndpointId } from './routes';

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';
/** The server names every request with this header (its logs carry the same id); the error toast shows it. */
export const REQUEST_ID_HEADER = 'X-Request-Id';

/**
 * A failed call: HTTP status (0 when the network failed), the API's error code when it sent one, and the server's
 * request id (X-Request-Id) when the answer had one, so that support can find the call in the logs.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    readonly endpoint: EndpointId,
    readonly requestId?: string,
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

  async function observed<T>(id: EndpointId, run: () => Promise<T>): Promise<T> {
    const route = API_ROUTES[id];
    observer?.started(id, route.method);
    try {
      const result = await run();
      observer?.finished(id, route.method);
      return result;
    } catch (error) {
      observer?.finished(id, route.method, error instanceof ApiError ? error : undefined);
      throw error;
    }
  }

  function call<Id extends EndpointId>(
    id: Id,
    body?: RequestOf<Id>,
    options: CallOptions = {},
  ): Promise<ResponseOf<Id>> {
    return observed(id, async () => {
      const response = await send(id, body, options);
      const text = await response.text();
      return (text ? safeParse(text) : undefined) as ResponseOf<Id>;
    });
  }

  /** A call that answers a file (an export): its bytes, with the same XSRF pair, errors and loaders as `call`. */
  function callForFile<Id extends EndpointId>(id: Id, body?: RequestOf<Id>, options: CallOptions = {}): Promise<Blob> {
    return observed(id, async () => (await send(id, body, options)).blob());
  }

  /**
   * A call whose body is a file (an image upload): the call's other fields go as the query, the file as the body
   * (application/octet-stream); the server adds the bytes to the request as the contract's `file`.
   */
  function upload<Id extends EndpointId>(
    id: Id,
    fields: Omit<RequestOf<Id>, 'file'>,
    file: Blob,
    options: CallOptions = {},
  ): Promise<ResponseOf<Id>> {
    return observed(id, async () => {
      const response = await send(id, fields as RequestOf<Id>, options, file);
      const text = await response.text();
      return (text ? safeParse(text) : undefined) as ResponseOf<Id>;
    });
  }

  /** Sends the request; answers the response when it is 2xx, else fails with the API's error code. */
  async function send<Id extends EndpointId>(
    id: Id,
    body: RequestOf<Id> | undefined,
    options: CallOptions,
    file?: Blob,
  ): Promise<Response> {
    const route = API_ROUTES[id];
    const headers: Record<string, string> = { Accept: 'application/json' };
    let url = `${baseUrl}${route.path}`;
    let payload: string | Blob | undefined;
    const asQuery = route.method === 'GET' || file !== undefined;
    if (asQuery) {
      const query = body && Object.keys(body).length > 0 ? new URLSearchParams(body as Record<string, string>) : null;
      if (query) url += `?${query.toString()}`;
    }
    if (route.method !== 'GET') {
      headers['Content-Type'] = file ? 'application/octet-stream' : 'application/json';
      const token = await ensureXsrfToken();
      if (token) headers[XSRF_HEADER] = token;
      payload = file ?? JSON.stringify(body ?? {});
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
    if (!response.ok) {
      const text = await response.text();
      const json: unknown = text ? safeParse(text) : undefined;
      const code = isErrorBody(json) ? json.error.code : undefined;
      const requestId = response.headers.get(REQUEST_ID_HEADER) ?? undefined;
      return fail(new ApiError(response.status, code, id, requestId), options);
    }
    return response;
  }

  function fail(error: ApiError, options: CallOptions): never {
    if (!options.silent) errorHandler?.(error);
    throw error;
  }

  return {
    call,
    callForFile,
    upload,
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
