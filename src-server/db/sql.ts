// SQL snippets shared by migrations (core and modules).

/** Audit columns of every BladeX TenantEntity table (snake_case); append after the table's own columns. */
export const AUDIT = `
  create_user TEXT,
  create_dept TEXT,
  create_time TEXT,
  update_user TEXT,
  update_time TEXT,
  status INTEGER NOT NULL DEFAULT 1,
  is_deleted INTEGER NOT NULL DEFAULT 0`;
