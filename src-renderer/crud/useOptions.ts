import { useEffect, useMemo, useRef, useState, type RefObject } from 'react';
import { afterNextPaint } from '../hooks/afterPaint';
import { useTranslation } from 'react-i18next';
import { call } from '../platform/bridge';
import type { DataChange } from '../../src-shared/ipc';
import type { DictItem } from '../../src-shared/wire';
import { isDictWrite, writeTouches } from '../../src-shared/writes';
import type { ColumnDef, RemoteOptions } from './types';
import { dropOnWrite, useFreshness } from './freshness';

export interface Option {
  value: string | number;
  label: string;
  /** the record's parent (RemoteOptions.parentKey), for selects narrowed by another field */
  parent?: string;
  /** the form values choosing it sets (RemoteOptions.fills: form field -> the record's value) */
  fills?: Record<string, unknown>;
}

// One request per dictionary code until a dictionary is written (main caches it in SQLite too, and drops
// it on the same writes); the answered ones are also kept as values, so a screen opened after them shows
// its labels in its first frame.
const dictCache = new Map<string, Promise<DictItem[]>>();
const dictValues = new Map<string, DictItem[]>();
/** counts dictionary writes: an answer to a request sent before one is not kept */
let dictWrites = 0;

function loadDict(code: string): Promise<DictItem[]> {
  watchWrites();
  let pending = dictCache.get(code);
  if (!pending) {
    const asked = dictWrites;
    pending = call('dict:get', { code }).then(
      (items) => (asked === dictWrites && dictValues.set(code, items), items),
      (e: unknown) => {
        dictCache.delete(code);
        throw e;
      },
    );
    dictCache.set(code, pending);
  }
  return pending;
}

// Remote option lists: one request per url + params while a screen is open (re-read on each open). One the
// idle prefetcher fetched fills the screen's first render when it is at most REMOTE_FRESH_MS old; the screen
// reads the list again at once.
const REMOTE_FRESH_MS = 15_000;
const warmRemotes = new Map<string, { options: Option[]; at: number; url: string }>();

/**
 * What a write drops here: every dictionary after a dictionary write (an edit names only the entry's id,
 * not its code), and the prefetched option lists of the write's area (src-shared/writes.ts).
 */
export function dropOptions(change: DataChange): void {
  if (isDictWrite(change.url)) {
    dictWrites++;
    dictCache.clear();
    dictValues.clear();
  }
  for (const [key, w] of [...warmRemotes]) if (writeTouches(change.url, w.url)) warmRemotes.delete(key);
}

let watching = false;
function watchWrites(): void {
  if (watching) return;
  watching = true;
  dropOnWrite(dropOptions);
}

function takeWarmRemote(key: string): Option[] | undefined {
  const w = warmRemotes.get(key);
  warmRemotes.delete(key);
  return w && Date.now() - w.at <= REMOTE_FRESH_MS ? w.options : undefined;
}

/** fetches the dictionaries and option lists of these columns ahead of a screen's first open */
export async function warmColumnOptions(columns: readonly ColumnDef[]): Promise<void> {
  const jobs: Promise<unknown>[] = [];
  for (const code of new Set(columns.map((c) => c.dict).filter((c): c is string => !!c))) jobs.push(loadDict(code).catch(() => undefined));
  const seen = new Set<string>();
  for (const c of columns) {
    // only a list a table cell needs for its label (no server-given name beside it); search and form
    // selects read theirs when the screen opens: at scale a remote list can be thousands of rows
    // (10,000 websites), and fetching every one ahead kept the idle console busy for seconds
    if (!c.remote || c.hideInTable || c.displayField) continue;
    const key = remoteKey(c.remote);
    if (seen.has(key)) continue;
    seen.add(key);
    const url = c.remote.url;
    jobs.push(loadRemote(c.remote).then((options) => void warmRemotes.set(key, { options, at: Date.now(), url }), () => undefined));
  }
  await Promise.all(jobs);
}

function loadRemote(remote: RemoteOptions): Promise<Option[]> {
  watchWrites();
  return call('api:request', { method: 'get', url: remote.url, params: { size: 1000, ...remote.params } }).then((reply) => {
    const data = reply.data as unknown;
    const list = Array.isArray(data) ? data : data && typeof data === 'object' && Array.isArray((data as { records?: unknown }).records) ? (data as { records: unknown[] }).records : [];
    return (list as Record<string, unknown>[]).map((r) => ({
      value: String(r[remote.valueKey ?? 'id'] ?? ''),
      label: String(r[remote.labelKey] ?? ''),
      ...(remote.parentKey ? { parent: String(r[remote.parentKey] ?? '') } : {}),
      ...(remote.fills ? { fills: Object.fromEntries(Object.entries(remote.fills).map(([field, key]) => [field, r[key]])) } : {}),
    }));
  });
}

const remoteKey = (r: RemoteOptions): string =>
  `${r.url}?${JSON.stringify(r.params ?? {})}|${r.labelKey}|${r.valueKey ?? 'id'}|${r.parentKey ?? ''}|${JSON.stringify(r.fills ?? {})}`;

/**
 * Options of every select column: fixed options (translated), dictionary entries or a remote list. The page
 * holding `page` reads again the lists a write touches (at once while shown, else when shown again).
 */
export function useColumnOptions(columns: readonly ColumnDef[], page: RefObject<HTMLElement | null>): Record<string, Option[]> {
  const { t } = useTranslation();
  const codes = useMemo(() => [...new Set(columns.map((c) => c.dict).filter((c): c is string => !!c))], [columns]);
  const [dicts, setDicts] = useState<Record<string, DictItem[]>>(() =>
    Object.fromEntries(codes.flatMap((code) => (dictValues.has(code) ? [[code, dictValues.get(code)!]] : []))),
  );

  useEffect(() => {
    let alive = true;
    for (const code of codes) {
      const known = dictValues.get(code);
      if (known) {
        if (alive) setDicts((d) => (d[code] === known ? d : { ...d, [code]: known }));
        continue;
      }
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

  const remoteDefs = useMemo(() => {
    const seen = new Map<string, RemoteOptions>();
    for (const c of columns) if (c.remote) seen.set(remoteKey(c.remote), c.remote);
    return [...seen.entries()];
  }, [columns]);
  // the lists a table cell shows its label from (no server-given name beside it); the others serve the search
  // bar and the form only
  const forCells = useMemo(() => new Set(columns.filter((c) => c.remote && !c.hideInTable && !c.displayField).map((c) => remoteKey(c.remote!))), [columns]);
  // prefetched option lists fill the first render; they are read again at once (stale while revalidate)
  const [remotes, setRemotes] = useState<Record<string, Option[]>>(() =>
    Object.fromEntries(remoteDefs.flatMap(([key]) => {
      const options = takeWarmRemote(key);
      return options ? [[key, options] as const] : [];
    })),
  );
  useEffect(() => {
    let alive = true;
    const cancels: (() => void)[] = [];
    for (const [key, remote] of remoteDefs) {
      const load = () =>
        loadRemote(remote)
          .then((items) => {
            if (alive) setRemotes((d) => ({ ...d, [key]: items }));
          })
          .catch(() => undefined);
      // a list the first render already held (prefetched), or one no table cell needs, is read once the frame
      // showing the page is painted, not in the click's task; one a cell lacks is read at once
      if (remotes[key] || !forCells.has(key)) cancels.push(afterNextPaint(() => void load()));
      else void load();
    }
    return () => {
      alive = false;
      for (const cancel of cancels) cancel();
    };
  }, [remoteDefs, forCells]);

  // a write elsewhere (another tab, another window): the dictionaries and the lists it touches are read again
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => void (mounted.current = false);
  }, []);
  useFreshness(page, {
    touches: (change) => (codes.length > 0 && isDictWrite(change.url)) || remoteDefs.some(([, r]) => writeTouches(change.url, r.url)),
    refresh: (changes) => {
      if (changes.some((c) => isDictWrite(c.url)))
        for (const code of codes)
          loadDict(code)
            .then((items) => void (mounted.current && setDicts((d) => ({ ...d, [code]: items }))))
            .catch(() => undefined);
      for (const [key, remote] of remoteDefs) {
        if (!changes.some((c) => writeTouches(c.url, remote.url))) continue;
        loadRemote(remote)
          .then((items) => void (mounted.current && setRemotes((d) => ({ ...d, [key]: items }))))
          .catch(() => undefined);
      }
    },
  });

  return useMemo(() => {
    const out: Record<string, Option[]> = {};
    for (const c of columns) {
      if (c.options) out[c.name] = c.options.map((o) => ({ value: o.value, label: t(o.label) }));
      else if (c.dict)
        out[c.name] = (dicts[c.dict] ?? []).map((d) => ({ value: c.numeric ? Number(d.dictKey) : d.dictKey, label: d.dictValue }));
      else if (c.remote) out[c.name] = remotes[remoteKey(c.remote)] ?? [];
    }
    return out;
  }, [columns, dicts, t, remotes]);
}
