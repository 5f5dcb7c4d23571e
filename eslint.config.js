import tseslint from 'typescript-eslint';

// Raw ipcMain / ipcRenderer are allowed only in the two IPC wrapper modules:
// every other file goes through the typed contract in src-shared/ipc.ts.
const IPC_MAIN_WRAPPER = 'src-main/electron/ipc.ts';
const PRELOAD_WRAPPER = 'src-preload/index.ts';

const message = (name) =>
  `Use the typed IPC contract (src-shared/ipc.ts); raw ${name} lives only in its wrapper module.`;

/** Rules forbidding the given raw IPC objects, by import and by member access. */
const forbidRawIpc = (names) => ({
  'no-restricted-imports': [
    'error',
    { paths: [{ name: 'electron', importNames: names, message: message(names.join('/')) }] },
  ],
  'no-restricted-syntax': [
    'error',
    ...names.map((name) => ({ selector: `MemberExpression[property.name='${name}']`, message: message(name) })),
  ],
});

export default tseslint.config(
  { ignores: ['node_modules/', 'out/', 'dist/', '.tools/', '.cache/', 'test-results/', 'playwright-report/'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: [IPC_MAIN_WRAPPER, PRELOAD_WRAPPER],
    rules: forbidRawIpc(['ipcMain', 'ipcRenderer']),
  },
  { files: [PRELOAD_WRAPPER], rules: forbidRawIpc(['ipcMain']) },
  { files: [IPC_MAIN_WRAPPER], rules: forbidRawIpc(['ipcRenderer']) },
);
