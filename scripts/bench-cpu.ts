// CPU time of a benchmark's processes, read from /proc (Linux): where a run's
// CPU went, by process group (the back end's instances, PostgreSQL, nginx...).
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLK_TCK = Number(execSync('getconf CLK_TCK').toString().trim()) || 100;

/** CPU seconds a process has used, with its children's (those waited for, and those still running). */
export function cpuOfTree(pid: number): number {
  const ticks = (p: number, withChildren: boolean) => {
    const f = readFileSync(`/proc/${p}/stat`, 'utf8').split(') ')[1]!.split(' ');
    // fields 14-17 of stat(5): utime, stime, cutime, cstime (0-based 11-14 after the command)
    return Number(f[11]) + Number(f[12]) + (withChildren ? Number(f[13]) + Number(f[14]) : 0);
  };
  let total = ticks(pid, true);
  const kids = execSync(`ps -o pid= --ppid ${pid} || true`).toString().split(/\s+/).filter(Boolean).map(Number);
  for (const k of kids) {
    try {
      total += ticks(k, true);
    } catch {
      /* it ended between ps and now: its time is in the parent's */
    }
  }
  return total / CLK_TCK;
}

