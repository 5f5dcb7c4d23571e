import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// Saber 4.9 (the stock console) against `npm run server`: tests/saber. Its own
// step of `npm test` (scripts/test-all.mjs) after `node scripts/saber.mjs build`.
export default defineConfig({
  ...base,
  testDir: 'tests/saber',
  timeout: 90_000,
  use: { ...base.use, viewport: { width: 1440, height: 900 }, actionTimeout: 10_000, screenshot: 'only-on-failure' },
});
