import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call } from '../platform/bridge';
import type { DictItem } from '../../src-shared/wire';
import type { ColumnDef } from './types';

export interface Option {
  value: string | number;
  label: string;
}

// One request per dictionary code per app session (main caches it in SQLite too).
const dictCache = new Map<string, Promise<DictItem[]>>();

function loadDict(code: string): Promise<DictItem[]> {
  let pending = dictCache.get(code);
  if (!pending) {
    pending = call('dict:get', { code }).catch((e: unknown) => {
      dictCache.delete(code);
      throw e;
    });
    dictCache.set(code, pending);
  }
  return pending;
}

/** Options of every select column: fixed options (translated) or dictionary entries. */
export function useColumnOptions(columns: readonly ColumnDef[]): Record<string, Option[]> {
  const { t } = useTranslation();
  const [dicts, setDicts] = useState<Record<string, DictItem[]>>({});
  const codes = useMemo(() => [...new Set(columns.map((c) => c.dict).filter((c): c is string => !!c))], [columns]);

  useEffect(() => {
    let alive = true;
    for (const code of codes) {
      loadDict(code)
        .then((items) => {
          if (alive) setDicts((d) => ({ ...d, [code]: items }));
        })
        .catch(() => undefined);
    }
    return () => {
      alive = false;
    };
  }, [codes]);

  return useMemo(() => {
    const out: Record<string, Option[]> = {};
    for (const c of columns) {
      if (c.options) out[c.name] = c.options.map((o) => ({ value: o.value, label: t(o.label) }));
      else if (c.dict)
        out[c.name] = (dicts[c.dict] ?? []).map((d) => ({ value: c.numeric ? Number(d.dictKey) : d.dictKey, label: d.dictValue }));
    }
    return out;
  }, [columns, dicts, t]);
}
