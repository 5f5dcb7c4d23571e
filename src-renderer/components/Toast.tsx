import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

export type ToastKind = 'error' | 'warning' | 'success' | 'info';
interface ToastItem {
  id: number;
  kind: ToastKind;
  text: string;
}

const DURATION_MS = 3000;
let nextId = 1;

/**
 * A small toast for the entry chunk (the login page), in place of antd's
 * message: messages stack at the top centre and go after 3 s. Returns the
 * show function and the element to render once.
 */
export function useToast(): [(kind: ToastKind, text: string) => void, ReactNode] {
  const [items, setItems] = useState<ToastItem[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);
  const show = useCallback((kind: ToastKind, text: string) => {
    const id = nextId++;
    setItems((list) => [...list, { id, kind, text }]);
    const timer = setTimeout(() => {
      timers.current.delete(timer);
      setItems((list) => list.filter((i) => i.id !== id));
    }, DURATION_MS);
    timers.current.add(timer);
  }, []);
  const holder = (
    <div className="desk-toasts" aria-live="polite">
      {items.map((i) => (
        <div key={i.id} className={`desk-toast desk-toast-${i.kind}`} role={i.kind === 'error' || i.kind === 'warning' ? 'alert' : 'status'}>
          <span className="desk-toast-icon" aria-hidden>
            {i.kind === 'success' ? '✓' : i.kind === 'info' ? 'i' : i.kind === 'warning' ? '!' : '×'}
          </span>
          <span>{i.text}</span>
        </div>
      ))}
    </div>
  );
  return [show, holder];
}
