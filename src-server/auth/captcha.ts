// Image captchas: 5 characters, stored server side (answer lower-cased), valid 30
// minutes, single use (deleted on the first check, right or wrong).
import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Db } from '../db/database';
import type { Clock } from '../util/clock';

export const CAPTCHA_TTL_MS = 30 * 60 * 1000;

export class CaptchaStore {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
  ) {}

  create(): { key: string; image: string } {
    const now = this.clock();
    const captcha = svgCaptcha.create({ size: 5, noise: 2, ignoreChars: '0oO1lIi', width: 130, height: 48 });
    const key = randomUUID();
    this.db.prepare('DELETE FROM blade_captcha WHERE expires_at <= ?').run(now);
    this.db
      .prepare('INSERT INTO blade_captcha (captcha_key, code, expires_at) VALUES (?, ?, ?)')
      .run(key, captcha.text.toLowerCase(), now + CAPTCHA_TTL_MS);
    return { key, image: `data:image/svg+xml;base64,${Buffer.from(captcha.data).toString('base64')}` };
  }

  /** True when the code matches (case-insensitive) an unexpired captcha; the captcha is consumed either way. */
  check(key: string | undefined, code: string | undefined): boolean {
    if (!key) return false;
    const row = this.db
      .prepare('DELETE FROM blade_captcha WHERE captcha_key = ? RETURNING code, expires_at')
      .get(key) as { code: string; expires_at: number } | undefined;
    if (!row || !code) return false;
    return row.expires_at > this.clock() && row.code === code.trim().toLowerCase();
  }
}
