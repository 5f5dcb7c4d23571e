// Cron expressions (Quartz style: second minute hour day month week) built from per-field choices.
export const CRON_FIELDS = ['second', 'minute', 'hour', 'day', 'month', 'week'] as const;
export type CronField = (typeof CRON_FIELDS)[number];

export type FieldChoice = { mode: 'every' } | { mode: 'at'; values: number[] } | { mode: 'step'; start: number; step: number };

export const FIELD_RANGE: Record<CronField, [number, number]> = {
  second: [0, 59],
  minute: [0, 59],
  hour: [0, 23],
  day: [1, 31],
  month: [1, 12],
  week: [1, 7],
};

function part(field: CronField, c: FieldChoice): string {
  const [min, max] = FIELD_RANGE[field];
  if (c.mode === 'at') {
    const values = [...new Set(c.values.filter((v) => Number.isInteger(v) && v >= min && v <= max))].sort((a, b) => a - b);
    return values.length > 0 ? values.join(',') : '*';
  }
  if (c.mode === 'step') {
    const start = Math.min(Math.max(Math.trunc(c.start), min), max);
    const step = Math.max(1, Math.trunc(c.step));
    // `*/n` or `a-max/n`: croner (the server's and the form's check) refuses Quartz's `a/n`
    return start === min ? `*/${step}` : `${start}-${max}/${step}`;
  }
  return '*';
}

/** The expression; day and week are exclusive in Quartz: the unused one becomes '?'. */
export function buildCron(choices: Record<CronField, FieldChoice>): string {
  const parts = CRON_FIELDS.map((f) => part(f, choices[f]));
  const weekSet = choices.week.mode !== 'every';
  if (weekSet) parts[3] = '?';
  else parts[5] = '?';
  return parts.join(' ');
}

/** Reads an expression back into choices (unknown syntax falls back to 'every'). */
export function parseCron(expression: string): Record<CronField, FieldChoice> {
  const tokens = expression.trim().split(/\s+/);
  const out = {} as Record<CronField, FieldChoice>;
  CRON_FIELDS.forEach((f, i) => {
    const tok = tokens[i] ?? '*';
    let m: RegExpExecArray | null;
    if ((m = /^(\d+)(?:-\d+)?\/(\d+)$/.exec(tok))) out[f] = { mode: 'step', start: Number(m[1]), step: Number(m[2]) };
    else if ((m = /^\*\/(\d+)$/.exec(tok))) out[f] = { mode: 'step', start: FIELD_RANGE[f][0], step: Number(m[1]) };
    else if (/^\d+(,\d+)*$/.test(tok)) out[f] = { mode: 'at', values: tok.split(',').map(Number) };
    else out[f] = { mode: 'every' };
  });
  return out;
}
