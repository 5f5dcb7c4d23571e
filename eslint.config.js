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

const dataLayerMessage = 'Go through the data layer (src-server/db/data-layer.ts: data.all/get/run, sql, data.kysely): it speaks SQLite and PostgreSQL alike.';

// The console keeps opened pages mounted (hidden) and the shell around them; a component there that subscribes
// to the location re-renders with every navigation and tab switch, and react-router's useNavigate does
// subscribe. They navigate with useStableNavigate (src-renderer/layout/navigation.tsx) and read their own
// path with usePagePath (layout/pagePath.ts). The layout itself (src-renderer/layout) and the router may.
const KEPT_MOUNTED = ['src-renderer/pages/wel/**', 'src-renderer/screens/**', 'src-renderer/crud/**', 'src-renderer/components/**'];
const LOCATION_HOOKS = ['useNavigate', 'useLocation', 'useSearchParams', 'useMatch'];
const locationMessage =
  'A kept-mounted console page re-renders on every navigation through this hook: use useStableNavigate (layout/navigation.tsx) or usePagePath (layout/pagePath.ts).';

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
  {
    // the back end reaches its database through the data layer (src-server/db/data-layer.ts), on either engine
    files: ['src-server/**/*.ts'],
    ignores: ['src-server/db/**', 'src-server/backup/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', importNames: ['ipcMain', 'ipcRenderer'], message: message('ipcMain/ipcRenderer') },
            { name: 'better-sqlite3', message: dataLayerMessage },
            { name: 'pg', message: dataLayerMessage },
            { name: 'kysely', message: dataLayerMessage },
          ],
        },
      ],
    },
  },
  { files: [PRELOAD_WRAPPER], rules: forbidRawIpc(['ipcMain']) },
  { files: [IPC_MAIN_WRAPPER], rules: forbidRawIpc(['ipcRenderer']) },
  {
    files: KEPT_MOUNTED,
    rules: {
      // one no-restricted-imports for these files: it replaces the raw-IPC one above, so it repeats it
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'electron', importNames: ['ipcMain', 'ipcRenderer'], message: message('ipcMain/ipcRenderer') },
            { name: 'react-router-dom', importNames: LOCATION_HOOKS, message: locationMessage },
            { name: 'react-router', importNames: LOCATION_HOOKS, message: locationMessage },
          ],
        },
      ],
    },
  },
);
