import { defineConfig } from 'vitest/config';

// Two projects: unit (main services, renderer logic) and contract (the embedded
// back end over real HTTP). End-to-end tests run under Playwright instead.
export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['tests/unit/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          server: { deps: { inline: ['electron-store', 'electron-updater'] } },
        },
      },
      {
        test: {
          name: 'contract',
          include: ['tests/contract/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
        },
      },
    ],
  },
});
