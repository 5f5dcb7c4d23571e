// The name a back-end instance's job worker gives itself (issue 38 item 8): readable (its host and role, which the
// task screens' 执行情况 say in words) and unique (its pid and a random part), and the parts read back from it.
import { hostname } from 'node:os';
import { describe, expect, it } from 'vitest';
import { instanceName } from '../../../src-server/jobs/worker';
import { instanceParts } from '../../../src-shared/jobs';

describe("an instance's name", () => {
  it('holds its host, its role, its pid and a random part', () => {
    for (const role of ['all', 'worker', 'api'] as const) {
      const name = instanceName(role);
      expect(name).toMatch(new RegExp(`^${hostname().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}/${role}/${process.pid}/[0-9a-f]{6}$`));
      expect(instanceParts(name)).toMatchObject({ host: hostname(), role, pid: String(process.pid) });
    }
    expect(instanceName()).toMatch(/\/all\//);
  });

  it('is unique: two workers of one process never share it', () => {
    const names = new Set(Array.from({ length: 50 }, () => instanceName('worker')));
    expect(names.size).toBe(50);
  });

  it('reads no parts from a name of another form', () => {
    expect(instanceParts('vm/8287/0a1b2c')).toBeNull();
    expect(instanceParts('instance-a')).toBeNull();
  });
});
