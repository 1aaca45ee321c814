import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  to: string[];
  raw: string;
  subject: string;
  /** The body with quoted-printable soft line breaks and escapes decoded. */
  decoded: string;
}

/** Quoted-printable (RFC 2045): soft line breaks and =XX escapes, as UTF-8. */
export function decodeQuotedPrintable(value: string): string {
  const joined = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let index = 0; index < joined.length; index += 1) {
    const match = joined[index] === '=' ? /^[0-9A-F]{2}$/i.exec(joined.slice(index + 1, index + 3)) : null;
    if (match) {
      bytes.push(Number.parseInt(match[0], 16));
      index += 2;
    } else {
      bytes.push(...Buffer.from(joined[index] ?? ''));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeHeader(value: string): string {
  return value.replace(/=\?utf-8\?([qb])\?([^?]*)\?=/gi, (_all, encoding: string, text: string) =>
    encoding.toLowerCase() === 'b'
      ? Buffer.from(text, 'base64').toString('utf8')
      : decodeQuotedPrintable(text.replace(/_/g, ' ')),
  );
}

/** Decodes every MIME part by its transfer encoding (quoted-printable or base64) and joins them. */
function decodeBody(raw: string): string {
  const parts = raw.split(/\r?\n--[^\r\n]+\r?\n/);
  return parts
    .map((part) => {
      const [head = '', ...rest] = part.split(/\r?\n\r?\n/);
      const body = rest.join('\n\n');
      if (/content-transfer-encoding:\s*quoted-printable/i.test(head)) return decodeQuotedPrintable(body);
      if (/content-transfer-encoding:\s*base64/i.test(head)) {
        return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
      }
      return body;
    })
    .join('\n');
}

/** A real SMTP server on a free port of 127.0.0.1 that keeps every mail it receives. */
export async function startSmtpServer(port = 0) {
  const mails: ReceivedMail[] = [];
  const waiters: Array<() => void> = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const headerBlock = raw.split(/\r?\n\r?\n/)[0] ?? '';
        const subjectLine = /^subject:\s*(.*(?:\r?\n[ \t].*)*)/im.exec(headerBlock)?.[1] ?? '';
        mails.push({
          to: session.envelope.rcptTo.map((address) => address.address),
          raw,
          subject: decodeHeader(subjectLine.replace(/\r?\n[ \t]/g, ' ')),
          decoded: decodeBody(raw),
        });
        for (const wake of waiters.splice(0)) wake();
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const address = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    /** The next mail to `to` arriving after `since` mails were counted (waits up to 10 s). */
    async waitForMail(to: string, since = 0): Promise<ReceivedMail> {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = mails.slice(since).find((mail) => mail.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The set-password link of a mail. */
export function resetLink(mail: ReceivedMail): string {
  const match = /https?:\/\/[^\s"<>]+\/auth\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.decoded);
  if (!match) throw new Error(`no reset link in ${mail.decoded}`);
  return match[0];
}
