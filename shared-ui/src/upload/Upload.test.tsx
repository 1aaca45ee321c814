// @vitest-environment jsdom
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { i18n } from '@dash/shared-core';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initTestI18n } from '../test/i18n';
import { useToastStore } from '../toasts/toastStore';
import { Upload } from './Upload';
import { checkFile, sendFile, UPLOAD_MAX_BYTES, UPLOAD_PAUSE_MS, type UploadEntry } from './upload';

/** A real HTTP server: records each upload and answers by file name. */
interface Received {
  at: number;
  ended: number;
  xsrf: string | undefined;
  body: string;
}
let server: Server;
let url = '';
const received: Received[] = [];

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('latin1')));
  });
}

beforeAll(async () => {
  await initTestI18n();
  server = createServer(async (request, response) => {
    const origin = request.headers.origin ?? '*';
    response.setHeader('Access-Control-Allow-Origin', origin);
    response.setHeader('Access-Control-Allow-Credentials', 'true');
    response.setHeader('Access-Control-Allow-Headers', 'X-XSRF-TOKEN');
    if (request.method === 'OPTIONS') {
      response.end();
      return;
    }
    const at = Date.now();
    const body = await readBody(request);
    received.push({ at, ended: Date.now(), xsrf: request.headers['x-xsrf-token'] as string | undefined, body });
    response.setHeader('Content-Type', 'application/json');
    if (body.includes('filename="bad.csv"')) {
      response.statusCode = 409;
      response.end(JSON.stringify({ error: { code: 'MemberImport.CsvProcessingFailed' } }));
    } else if (body.includes('filename="broken.csv"')) {
      response.statusCode = 500;
      response.end('not json');
    } else {
      response.end(JSON.stringify({ ok: true, bytes: body.length }));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/upload`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
afterEach(() => {
  cleanup();
  received.length = 0;
  useToastStore.setState({ toasts: [] });
});

const file = (name: string, size = 10, type = 'text/csv') => new File(['x'.repeat(size)], name, { type });

describe('checkFile', () => {
  it('checks type and size before sending', () => {
    expect(checkFile(file('a.csv'))).toBeNull();
    expect(checkFile(file('photo.JPG', 10, 'image/jpeg'))).toBeNull();
    expect(checkFile(file('script.exe'))).toBe('invalidFileFormat');
    expect(checkFile({ name: 'big.pdf', size: UPLOAD_MAX_BYTES + 1 })).toBe('invalidFileSize');
    expect(checkFile({ name: 'ok.pdf', size: UPLOAD_MAX_BYTES })).toBeNull();
    expect(checkFile({ name: 'nosize.pdf', size: undefined })).toBe('uploadError');
    expect(checkFile(file('a.png'), ['csv'])).toBe('invalidFileFormat');
  });
});

describe('sendFile against a real server', () => {
  it('sends multipart with the field name, extra fields and the XSRF header, and reports progress', async () => {
    const progress: number[] = [];
    const result = await sendFile({
      url,
      fieldName: 'csv',
      file: file('good.csv', 200_000),
      fields: { separator: ';' },
      xsrf: 'token-1',
      onProgress: (percent) => progress.push(percent),
    });
    expect(result.ok).toBe(true);
    expect(result.body).toMatchObject({ ok: true });
    expect(received[0]?.xsrf).toBe('token-1');
    expect(received[0]?.body).toContain('name="csv"; filename="good.csv"');
    expect(received[0]?.body).toContain('name="separator"');
    expect(progress.at(-1)).toBe(100);
  });

  it('takes the error code from the response, else Dashboard.Exception', async () => {
    const bad = await sendFile({ url, fieldName: 'file', file: file('bad.csv'), onProgress: () => {} });
    expect(bad).toMatchObject({ ok: false, status: 409, errorCode: 'MemberImport.CsvProcessingFailed' });
    const broken = await sendFile({ url, fieldName: 'file', file: file('broken.csv'), onProgress: () => {} });
    expect(broken).toMatchObject({ ok: false, status: 500, errorCode: 'Dashboard.Exception' });
    const offline = await sendFile({
      url: 'http://127.0.0.1:9/upload',
      fieldName: 'file',
      file: file('x.csv'),
      onProgress: () => {},
    });
    expect(offline).toMatchObject({ ok: false, status: 0, errorCode: 'Dashboard.Exception' });
  });
});

describe('Upload', () => {
  it('refuses wrong types and sizes with danger toasts, uploads one after another with a 250 ms pause', async () => {
    const uploaded: UploadEntry[] = [];
    // biome-ignore lint/suspicious/noDocumentCookie: the test sets the XSRF cookie the way the server would
    document.cookie = 'XSRF-TOKEN=cookie-token';
    render(
      <I18nextProvider i18n={i18n}>
        <Upload
          label="Import"
          url={url}
          fieldName="file"
          maxFiles={3}
          csrfUrl={null}
          onUploaded={(entry) => uploaded.push(entry)}
        />
      </I18nextProvider>,
    );
    const input = document.querySelector('input[type="file"]') as HTMLInputElement;
    const big = file('big.csv');
    Object.defineProperty(big, 'size', { value: UPLOAD_MAX_BYTES + 1 });
    fireEvent.change(input, { target: { files: [file('virus.exe'), big, file('one.csv'), file('bad.csv')] } });
    const toasts = useToastStore.getState().toasts;
    expect(toasts.map((toast) => [toast.type, toast.message])).toEqual([
      ['danger', 'The file type of "virus.exe" is not allowed.'],
      ['danger', 'The file "big.csv" is larger than 5 MB.'],
    ]);
    expect(screen.getAllByTestId('upload-status').map((node) => node.textContent)).toEqual(['Selected', 'Selected']);

    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    await waitFor(() => expect(uploaded).toHaveLength(2), { timeout: 5000 });
    expect(uploaded.map((entry) => entry.status)).toEqual(['done', 'error']);
    expect(uploaded[1]?.errorCode).toBe('MemberImport.CsvProcessingFailed');
    expect(received.map((request) => request.xsrf)).toEqual(['cookie-token', 'cookie-token']);
    const gap = (received[1]?.at ?? 0) - (received[0]?.ended ?? 0);
    expect(gap).toBeGreaterThanOrEqual(UPLOAD_PAUSE_MS - 20);
    await waitFor(() =>
      expect(screen.getAllByTestId('upload-status').map((node) => node.textContent)).toEqual([
        'Uploaded',
        'Failed (MemberImport.CsvProcessingFailed)',
      ]),
    );
    expect(useToastStore.getState().toasts.at(-1)?.message).toBe('The file "bad.csv" could not be uploaded.');
    vi.restoreAllMocks();
  });
});
