// Server passwords at rest: AES-256-GCM with a per-install key kept in the data
// folder (content-secret.key, created on first use, mode 0600), or given to every
// instance of a team server in SEO_SECRET_KEY (base64 of 32 bytes: instances on
// several machines must seal and open with the same key). Stored form:
// "v1:" + base64(iv | tag | ciphertext).
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { existsSync, linkSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const KEY_FILE = 'content-secret.key';
/** the environment variable giving every team-server instance the same key */
export const KEY_ENV = 'SEO_SECRET_KEY';
const PREFIX = 'v1:';

export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('secret key must be 32 bytes');
  }

  /** The key of SEO_SECRET_KEY when set, else the data folder's, created the first time. */
  static forDataDir(dataDir: string, env: NodeJS.ProcessEnv = process.env): SecretBox {
    const given = env[KEY_ENV]?.trim();
    if (given) {
      const key = Buffer.from(given, 'base64');
      if (key.length !== 32) throw new Error(`${KEY_ENV}: base64 of 32 bytes expected (for example: openssl rand -base64 32)`);
      return new SecretBox(key);
    }
    const file = join(dataDir, KEY_FILE);
    if (!existsSync(file)) {
      // written whole under a name of its own, then linked in: the key file is never seen half written
      const part = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
      writeFileSync(part, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
      try {
        linkSync(part, file);
      } catch (err) {
        // another instance on the same folder made it first: that key is the one
        if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      } finally {
        unlinkSync(part);
      }
    }
    return new SecretBox(Buffer.from(readFileSync(file, 'utf8').trim(), 'base64'));
  }

  seal(plain: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
    return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64');
  }

  open(sealed: string): string {
    if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed value');
    const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
    const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString('utf8');
  }
}
