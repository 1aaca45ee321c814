import { CORE_ROUTES, XSRF_COOKIE, XSRF_HEADER } from '@dash/shared-core';

/** Spec section 9 "Uploads". */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;
export const UPLOAD_PAUSE_MS = 250;
export const UPLOAD_FALLBACK_ERROR = 'Dashboard.Exception';
export const UPLOAD_ALLOWED_TYPES = [
  'csv',
  'pdf',
  'doc',
  'docx',
  'xls',
  'xlsx',
  'jpeg',
  'jpg',
  'png',
  'gif',
  'bmp',
  'svg',
  'mp4',
  'avi',
  'mkv',
  'txt',
  'json',
  'xml',
  'zip',
  'rar',
  'tar',
] as const;

export type UploadStatus = 'selected' | 'uploading' | 'done' | 'error';

/** Spec section 3 "Upload entry". */
export interface UploadEntry {
  id: number;
  file: File;
  status: UploadStatus;
  /** 0-100 */
  progress: number;
  response?: { status: number; body: unknown };
  /** The error code from the response's error object, else `Dashboard.Exception`. */
  errorCode?: string;
}

export type FileProblem = 'invalidFileFormat' | 'invalidFileSize' | 'uploadError';

function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.');
  return dot < 0 ? '' : name.slice(dot + 1).toLowerCase();
}

/** Checked before sending: the type by extension (or MIME subtype), the size at most `maxBytes`, and a size at all. */
export function checkFile(
  file: { name: string; size: number | undefined; type?: string },
  allowedTypes: readonly string[] = UPLOAD_ALLOWED_TYPES,
  maxBytes = UPLOAD_MAX_BYTES,
): FileProblem | null {
  const allowed = allowedTypes.map((type) => type.toLowerCase());
  const extension = extensionOf(file.name);
  const subtype = file.type?.split('/')[1]?.toLowerCase() ?? '';
  if (!allowed.includes(extension) && !(extension === '' && allowed.includes(subtype))) return 'invalidFileFormat';
  if (typeof file.size !== 'number' || Number.isNaN(file.size)) return 'uploadError';
  if (file.size > maxBytes) return 'invalidFileSize';
  return null;
}

function readCookie(name: string): string | undefined {
  if (typeof document === 'undefined') return undefined;
  const prefix = `${name}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : undefined;
}

/** The XSRF token from its cookie, fetching `GET /api/csrf` first when the cookie is missing (like the API client). */
export async function xsrfToken(csrfUrl: string | null = CORE_ROUTES.csrf.path): Promise<string | undefined> {
  const existing = readCookie(XSRF_COOKIE);
  if (existing || !csrfUrl) return existing;
  try {
    await fetch(csrfUrl, { credentials: 'include' });
  } catch {
    return undefined;
  }
  return readCookie(XSRF_COOKIE);
}

export interface UploadRequest {
  url: string;
  fieldName: string;
  file: File;
  fields?: Record<string, string>;
  xsrf?: string;
  onProgress: (percent: number) => void;
}

function parseBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function errorCodeOf(body: unknown): string {
  if (body && typeof body === 'object' && 'error' in body) {
    const error = (body as { error?: { code?: unknown } }).error;
    if (error && typeof error.code === 'string' && error.code) return error.code;
  }
  return UPLOAD_FALLBACK_ERROR;
}

/**
 * One multipart POST through XMLHttpRequest, whose `upload.onprogress` reports real progress (fetch cannot).
 * Resolves with the status and body; a 2xx status is success, anything else carries the error code.
 */
export function sendFile(
  request: UploadRequest,
): Promise<{ ok: boolean; status: number; body: unknown; errorCode?: string }> {
  return new Promise((resolve) => {
    const form = new FormData();
    for (const [name, value] of Object.entries(request.fields ?? {})) form.append(name, value);
    form.append(request.fieldName, request.file, request.file.name);
    const xhr = new XMLHttpRequest();
    xhr.open('POST', request.url);
    xhr.withCredentials = true;
    if (request.xsrf) xhr.setRequestHeader(XSRF_HEADER, request.xsrf);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      const body = parseBody(xhr.responseText);
      const ok = xhr.status >= 200 && xhr.status < 300;
      if (ok) request.onProgress(100);
      resolve(ok ? { ok, status: xhr.status, body } : { ok, status: xhr.status, body, errorCode: errorCodeOf(body) });
    };
    xhr.onerror = () => resolve({ ok: false, status: 0, body: null, errorCode: UPLOAD_FALLBACK_ERROR });
    xhr.onabort = xhr.onerror;
    xhr.send(form);
  });
}

export const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));
