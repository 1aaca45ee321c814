import { ApiHttpError } from '../../http/errors';

/**
 * One uploaded file. The content is a private field: the hostile-input walk (http/hostileInput.ts) looks at the
 * body's own keys, and must see the file name, not five million byte indices.
 */
export class UploadedFile {
  readonly #content: Buffer;
  constructor(
    readonly fieldName: string,
    readonly filename: string,
    content: Buffer,
  ) {
    this.#content = content;
  }
  get content(): Buffer {
    return this.#content;
  }
}

export interface MultipartBody {
  fields: Record<string, string>;
  files: UploadedFile[];
}

const CRLF_CRLF = Buffer.from('\r\n\r\n');

function boundaryOf(contentType: string | undefined): string {
  const match = /boundary=(?:"([^"]{1,70})"|([^;\s]{1,70}))/i.exec(contentType ?? '');
  const boundary = match?.[1] ?? match?.[2];
  if (!boundary) throw new ApiHttpError(400, 'Schema.ValidationFailed');
  return boundary;
}

function headerParam(disposition: string, name: string): string | undefined {
  const match = new RegExp(`;\\s*${name}="([^"]*)"`, 'i').exec(disposition);
  return match?.[1];
}

/**
 * A multipart/form-data body (RFC 7578) held in memory: the route's body limit bounds it. Small on purpose: the
 * templates upload takes one file and two short fields, so streaming buys nothing here.
 */
export function parseMultipart(body: Buffer, contentType: string | undefined, limits = { parts: 10 }): MultipartBody {
  const delimiter = Buffer.from(`--${boundaryOf(contentType)}`);
  const result: MultipartBody = { fields: {}, files: [] };
  let position = body.indexOf(delimiter);
  if (position < 0) throw new ApiHttpError(400, 'Schema.ValidationFailed');
  for (let parts = 0; ; parts += 1) {
    position += delimiter.length;
    // "--" after a delimiter closes the body.
    if (body[position] === 0x2d && body[position + 1] === 0x2d) return result;
    if (parts >= limits.parts) throw new ApiHttpError(400, 'Schema.ValidationFailed');
    const headerEnd = body.indexOf(CRLF_CRLF, position);
    if (headerEnd < 0) throw new ApiHttpError(400, 'Schema.ValidationFailed');
    const headers = body.subarray(position, headerEnd).toString('utf8');
    const next = body.indexOf(Buffer.concat([Buffer.from('\r\n'), delimiter]), headerEnd + 4);
    if (next < 0) throw new ApiHttpError(400, 'Schema.ValidationFailed');
    const content = body.subarray(headerEnd + 4, next);
    const disposition = /^content-disposition:(.*)$/im.exec(headers)?.[1] ?? '';
    const name = headerParam(disposition, 'name');
    if (!name) throw new ApiHttpError(400, 'Schema.ValidationFailed');
    const filename = headerParam(disposition, 'filename');
    if (filename !== undefined) result.files.push(new UploadedFile(name, filename, Buffer.from(content)));
    else result.fields[name] = content.toString('utf8');
    position = next + 2;
  }
}
