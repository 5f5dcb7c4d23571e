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

/**
 * Triggers keeping `row_count` (core migration 4) equal to the number of live
 * rows (is_deleted = 0) per tenant of a tenant-scoped, soft-deleted table,
 * whatever writes to it (the CRUD engine, imports, the scheduler, raw SQL),
 * plus the statement that fills it for rows already there.
 */
export function countTriggers(table: string): string {
  const bump = (tenant: string, delta: string, when: string) => `
  INSERT INTO row_count (table_name, tenant_id, live) SELECT '${table}', ${tenant}, ${delta} WHERE ${when}
    ON CONFLICT (table_name, tenant_id) DO UPDATE SET live = live + ${delta};`;
  return `
INSERT INTO row_count (table_name, tenant_id, live)
  SELECT '${table}', tenant_id, COUNT(*) FROM ${table} WHERE is_deleted = 0 GROUP BY tenant_id
  ON CONFLICT (table_name, tenant_id) DO UPDATE SET live = excluded.live;
CREATE TRIGGER trg_${table}_count_ins AFTER INSERT ON ${table} BEGIN${bump('NEW.tenant_id', '1', 'NEW.is_deleted = 0')}
END;
CREATE TRIGGER trg_${table}_count_del AFTER DELETE ON ${table} BEGIN${bump('OLD.tenant_id', '-1', 'OLD.is_deleted = 0')}
END;
CREATE TRIGGER trg_${table}_count_upd AFTER UPDATE OF is_deleted, tenant_id ON ${table} BEGIN${bump('OLD.tenant_id', '-1', 'OLD.is_deleted = 0')}${bump('NEW.tenant_id', '1', 'NEW.is_deleted = 0')}
END;
`;
}
