// Image captchas: 5 characters, stored server side (answer lower-cased), valid 30
// minutes, single use (deleted on the first check, right or wrong).
import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import { sql, type Queries } from '../db/data-layer';
import type { Clock } from '../util/clock';

export const CAPTCHA_TTL_MS = 30 * 60 * 1000;

export class CaptchaStore {
  constructor(
    private readonly data: Queries,
    private readonly clock: Clock,
  ) {}

  async create(): Promise<{ key: string; image: string }> {
    const now = this.clock();
    const captcha = svgCaptcha.create({ size: 5, noise: 2, ignoreChars: '0oO1lIi', width: 130, height: 48 });
    const key = randomUUID();
    await this.data.run(sql`DELETE FROM blade_captcha WHERE expires_at <= ${now}`);
    await this.data.run(
      sql`INSERT INTO blade_captcha (captcha_key, code, expires_at) VALUES (${key}, ${captcha.text.toLowerCase()}, ${now + CAPTCHA_TTL_MS})`,
    );
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
  }

  /** True when the code matches (case-insensitive) an unexpired captcha; the captcha is consumed either way. */
  async check(key: string | undefined, code: string | undefined): Promise<boolean> {
    if (!key) return false;
    const row = await this.data.get(
      sql<{ code: string; expires_at: number }>`DELETE FROM blade_captcha WHERE captcha_key = ${key} RETURNING code, expires_at`,
    );
    if (!row || !code) return false;
    return row.expires_at > this.clock() && row.code === code.trim().toLowerCase();
  }
}
