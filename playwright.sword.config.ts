import { defineConfig } from '@playwright/test';
import base from './playwright.config';

// Sword 4.5 (the stock React console) against `npm run server`: tests/sword. Its
// own step of `npm test` (scripts/test-all.mjs) after `node scripts/sword.mjs build`.
export default defineConfig({
  ...base,
  testDir: 'tests/sword',
  timeout: 90_000,
  use: { ...base.use, viewport: { width: 1440, height: 900 }, actionTimeout: 10_000, screenshot: 'only-on-failure' },
});
