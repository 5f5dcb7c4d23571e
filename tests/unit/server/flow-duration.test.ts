// A step's duration in the flow history (耗时): BladeX's Chinese parts, or their English, from the message table.
import { describe, expect, it } from 'vitest';
import { duration } from '../../../src-server/modules/flow/service';

describe('flow duration', () => {
  it('names days, hours, minutes and seconds in zh (the default) and en, leaving out the empty parts', () => {
    expect(duration('2026-12-01 09:00:00', '2026-12-02 11:03:04')).toBe('1天2小时3分钟4秒');
    expect(duration('2026-12-01 09:00:00', '2026-12-02 11:03:04', 'en')).toBe('1d 2h 3min 4s');
    expect(duration('2026-12-01 09:00:00', '2026-12-01 09:05:00')).toBe('5分钟0秒');
    expect(duration('2026-12-01 09:00:00', '2026-12-01 09:05:00', 'en')).toBe('5min 0s');
    expect(duration('2026-12-01 09:00:00', '')).toBe('');
  });
});
