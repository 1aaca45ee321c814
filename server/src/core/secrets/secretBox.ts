import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { ServerConfig } from '../../config';

/**
 * Secrets kept in the database (a client's OpenID client secret) are encrypted with AES-256-GCM under the deployment's
 * SECRETS_KEY, and bound to the row they belong to (`context`, as additional authenticated data): a copied ciphertext
 * does not decrypt for another client, and a changed one does not decrypt at all.
 * Format: `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {}

  seal(plain: string, context: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    cipher.setAAD(Buffer.from(context));
    const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return ['v1', iv, cipher.getAuthTag(), sealed]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  /** The plain text, or null when the value was sealed under another key or context, or changed. */
  open(sealed: string, context: string): string | null {
    const [version, iv, tag, data] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || data === undefined) return null;
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(Buffer.from(tag, 'base64url'));
      return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
    } catch {
      return null;
    }
  }
}

/**
 * The deployment's secret box: SECRETS_KEY; outside production without it, a key generated once and kept beside the
 * embedded database (`<DATA_DIR>/secrets.key`, readable by the server's user only), so that development needs no
 * set-up. In production without SECRETS_KEY: null, and whatever needs a secret kept says so (`Secrets.KeyMissing`).
 */
export function secretBoxOf(config: Pick<ServerConfig, 'secretsKey' | 'production' | 'dataDir'>): SecretBox | null {
  if (config.secretsKey) return new SecretBox(config.secretsKey);
  if (config.production) return null;
  const file = path.join(config.dataDir, 'secrets.key');
  if (!existsSync(file)) {
    mkdirSync(config.dataDir, { recursive: true });
    try {
      writeFileSync(file, randomBytes(32).toString('hex'), { flag: 'wx', mode: 0o600 });
      chmodSync(file, 0o600);
    } catch (error) {
      // Another process of the same data folder wrote it first: its key is the one.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return new SecretBox(Buffer.from(readFileSync(file, 'utf8').trim(), 'hex'));
}
