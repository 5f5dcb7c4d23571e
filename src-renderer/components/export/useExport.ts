// The shared blob export: main streams the reply into a file (native save
// dialog in Electron, the downloads folder in browser mode); this hook starts
// it, follows export:progress, cancels it and reveals the saved file.
import { useCallback, useEffect, useRef, useState } from 'react';
import type { ReqOf } from '../../../src-shared/ipc';
import { call, onEvent } from '../../platform/bridge';

export type ExportRequest = Omit<ReqOf<'export:start'>, 'id'> & { name: string };

export interface ExportStatus {
  phase: 'idle' | 'running' | 'done' | 'cancelled' | 'error';
  id: string;
  received: number;
  /** null when the server sent no length */
  total: number | null;
  /** the saved file (done) */
  path: string;
  /** error: what went wrong */
  message: string;
}

const IDLE: ExportStatus = { phase: 'idle', id: '', received: 0, total: null, path: '', message: '' };

let counter = 0;
const newId = () => `exp-${Date.now().toString(36)}-${(counter++).toString(36)}`;

/** 12.3 MB, 512 KB, 17 B */
export function formatBytes(n: number): string {
  if (n >= 1024 * 1024 * 1024) return `${(n / 1024 / 1024 / 1024).toFixed(2)} GB`;
  if (n >= 1024 * 1024) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  if (n >= 1024) return `${(n / 1024).toFixed(1)} KB`;
  return `${n} B`;
}

/** percent of a known length, else null */
export function percentOf(s: Pick<ExportStatus, 'received' | 'total'>): number | null {
  if (s.total === null || s.total <= 0) return null;
  return Math.min(100, Math.floor((s.received * 100) / s.total));
}

export function useExport() {
  const [status, setStatus] = useState<ExportStatus>(IDLE);
  const current = useRef('');
  const cancelled = useRef(false);

  useEffect(
    () =>
      onEvent('export:progress', (p) => {
        if (p.id === current.current) setStatus((s) => (s.phase === 'running' ? { ...s, received: p.received, total: p.total } : s));
      }),
    [],
  );

  // an export belongs to the dialog that shows it: closing the dialog cancels a running one
  const running = useRef(false);
  useEffect(
    () => () => {
      if (running.current && current.current) void call('export:cancel', { id: current.current }).catch(() => {});
    },
    [],
  );

  const start = useCallback(async (req: ExportRequest): Promise<ExportStatus> => {
    const id = newId();
    current.current = id;
    cancelled.current = false;
    const runningStatus: ExportStatus = { ...IDLE, phase: 'running', id };
    setStatus(runningStatus);
    running.current = true;
    let next: ExportStatus;
    try {
      const r = await call('export:start', { ...req, id });
      // path '' : the save dialog was cancelled, nothing happened
      next = r.path ? { ...runningStatus, phase: 'done', received: r.bytes, total: r.bytes, path: r.path } : IDLE;
    } catch (e) {
      next = { ...runningStatus, phase: cancelled.current ? 'cancelled' : 'error', message: (e as Error).message };
    } finally {
      if (current.current === id) running.current = false;
    }
    if (current.current === id) setStatus(next);
    return next;
  }, []);

  const cancel = useCallback(async () => {
    if (!current.current) return;
    cancelled.current = true;
    await call('export:cancel', { id: current.current });
  }, []);

  /** Electron: shows the file in the file manager (shown true); browser mode: shown false, show the path instead */
  const reveal = useCallback(async (path: string) => call('export:reveal', { path }), []);

  const reset = useCallback(() => {
    current.current = '';
    setStatus(IDLE);
  }, []);

  return { status, start, cancel, reveal, reset };
}
