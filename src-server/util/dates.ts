const pad = (n: number): string => String(n).padStart(2, '0');

/** `yyyy-MM-dd HH:mm:ss` in local time, the BladeX wire format. */
export function formatDateTime(ms: number): string {
  const d = new Date(ms);
  return (
    `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())} ` +
    `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
  );
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}(:\d{2})?)?$/;

/** Accepts `yyyy-MM-dd`, `yyyy-MM-dd HH:mm` or `yyyy-MM-dd HH:mm:ss`; returns the full form or null. */
export function normalizeDateTime(value: string): string | null {
  const v = value.trim();
  if (!DATE_TIME.test(v)) return null;
  if (v.length === 10) return `${v} 00:00:00`;
  if (v.length === 16) return `${v}:00`;
  return v;
}
