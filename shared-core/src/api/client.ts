import type { RequestOf, ResponseOf } from '../contract';
import { isErrorBody } from '../errors/codes';
import type { EndpointId } from './calls';
import { CORE_ROUTES, isReadingRoute, type Route } from './routes';

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
  /** `reading`: a GET or a POST that only reads (the "load" loader, else "save"). */
  started(endpoint: EndpointId, reading: boolean): void;
  finished(endpoint: EndpointId, reading: boolean, error?: ApiError): void;
}

let allRoutes: Promise<Readonly<Record<string, Route>>> | undefined;

/**
 * Every area's calls (entry `@dash/shared-core/calls`), loaded once: on the first call that is not a core call, or
 * earlier by the signed-in frame. A failed download is tried again by the next call.
 */
export function loadAllRoutes(): Promise<Readonly<Record<string, Route>>> {
  allRoutes ??= import('@dash/shared-core/calls').then(
    (module) => module.API_ROUTES,
    (error: unknown) => {
      allRoutes = undefined;
      throw error;
    },
  );
  return allRoutes;
}

async function routeOf(id: EndpointId): Promise<Route> {
  const core: Readonly<Record<string, Route>> = CORE_ROUTES;
  const route = core[id] ?? (await loadAllRoutes())[id];
  if (!route) throw new Error(`Unknown API call ${id}`);
  return route;
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
    await fetch(`${baseUrl}${CORE_ROUTES.csrf.path}`, { credentials: 'include' });
    return readCookie(XSRF_COOKIE);
  }

  /** Finds the call's method and path, then runs it with the observer told (loaders). */
  async function observed<T>(id: EndpointId, options: CallOptions, run: (route: Route) => Promise<T>): Promise<T> {
    let route: Route;
    try {
      route = await routeOf(id);
    } catch {
      // The table of calls did not download: to the user, the same as a request that did not reach the server.
      return fail(new ApiError(0, undefined, id), options);
    }
    const reading = isReadingRoute(route);
    observer?.started(id, reading);
    try {
      const result = await run(route);
      observer?.finished(id, reading);
      return result;
    } catch (error) {
      observer?.finished(id, reading, error instanceof ApiError ? error : undefined);
      throw error;
    }
  }

  function call<Id extends EndpointId>(
    id: Id,
    body?: RequestOf<Id>,
    options: CallOptions = {},
  ): Promise<ResponseOf<Id>> {
    return observed(id, options, async (route) => {
      const response = await send(id, route, body, options);
      const text = await response.text();
      return (text ? safeParse(text) : undefined) as ResponseOf<Id>;
    });
  }

  /** A call that answers a file (an export): its bytes, with the same XSRF pair, errors and loaders as `call`. */
  function callForFile<Id extends EndpointId>(id: Id, body?: RequestOf<Id>, options: CallOptions = {}): Promise<Blob> {
    return observed(id, options, async (route) => (await send(id, route, body, options)).blob());
  }

  /** Sends the request; answers the response when it is 2xx, else fails with the API's error code. */
  async function send<Id extends EndpointId>(
    id: Id,
    route: Route,
    body: RequestOf<Id> | undefined,
    options: CallOptions,
  ): Promise<Response> {
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
