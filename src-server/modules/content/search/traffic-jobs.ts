// The job kinds of reading back (docs/search-engines.md § "Reading back"), in a file of their own so the sync
// (sync.ts) and the rollups (rollups.ts), which the sync calls, both name them.

/** one website's sync at one engine: payload {websiteId, engine} */
export const SEARCH_SYNC_JOB = 'search-sync';
/** a tenant's tenant-wide rollups: payload {since} */
export const SEARCH_ROLLUP_JOB = 'search-rollup';
