import { type ElearningPackage, isErrorBody, XSRF_COOKIE, XSRF_HEADER } from '@dash/shared-core';
import { API_ROUTES } from '@dash/shared-core/calls';

/** A refused upload with the server's error code (e.g. ElearningPackage.UnsafePath). */
export class PackageUploadError extends Error {
  constructor(readonly code: string) {
    super(code);
    this.name = 'PackageUploadError';
  }
}

function xsrfCookie(): string {
  const prefix = `${XSRF_COOKIE}=`;
  const found = document.cookie.split('; ').find((part) => part.startsWith(prefix));
  return found ? decodeURIComponent(found.slice(prefix.length)) : '';
}

/**
 * Sends the zip as the request body (application/zip; the server streams it to disk and unpacks it), with upload
 * progress from XMLHttpRequest, which fetch cannot report.
 */
export function uploadPackage(
  elearningUuid: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<ElearningPackage> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${API_ROUTES.elearningUploadPackage.path}?uuid=${encodeURIComponent(elearningUuid)}`);
    request.setRequestHeader('Content-Type', 'application/zip');
    request.setRequestHeader(XSRF_HEADER, xsrfCookie());
    request.setRequestHeader('Accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      let body: unknown = null;
      try {
        body = JSON.parse(request.responseText);
      } catch {
        body = null;
      }
      if (request.status === 200) resolve(body as ElearningPackage);
      else reject(new PackageUploadError(isErrorBody(body) ? body.error.code : 'Dashboard.Exception'));
    };
    request.onerror = () => reject(new PackageUploadError('Dashboard.Exception'));
    request.send(file);
  });
}
