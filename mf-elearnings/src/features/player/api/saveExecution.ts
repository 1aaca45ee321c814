import {
  api,
  type ElearningSaveExecutionRequest,
  type ElearningSaveExecutionResponse,
  XSRF_COOKIE,
} from '@dash/shared-core';
import { API_ROUTES } from '@dash/shared-core/calls';

/** A commit while the page runs: the API client (XSRF header, error toasts off: the player retries). */
export function saveExecution(body: ElearningSaveExecutionRequest): Promise<ElearningSaveExecutionResponse> {
  return api.call('elearningSaveExecution', body, { silent: true });
}

function xsrfCookie(): string {
  const prefix = `${XSRF_COOKIE}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : '';
}

/**
 * A commit while the page goes away (tab closed, reload, navigation): navigator.sendBeacon survives the page but
 * sets no headers, so the body goes as text/plain and the XSRF token in the query (the server compares it with the
 * cookie). Returns whether the browser queued it.
 */
export function saveExecutionByBeacon(body: ElearningSaveExecutionRequest): boolean {
  const url = `${API_ROUTES.elearningSaveExecution.path}?xsrf=${encodeURIComponent(xsrfCookie())}`;
  return navigator.sendBeacon(url, JSON.stringify(body));
}
