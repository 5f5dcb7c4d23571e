// A release target in a folder of the machine that runs the back end (the
// "local folder" server type): the same release layout as on an SSH server,
// with hard links for carried-over files and a renamed symlink for the switch.
import { promises as fs } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import type { ReleaseTarget } from './release-publisher';

export class LocalTarget implements ReleaseTarget {
  readonly label: string;

  constructor(private readonly base: string) {
    this.label = resolve(base);
  }

  private abs(p: string): string {
    return resolve(this.base, p);
  }

  async mkdirp(path: string): Promise<void> {
    await fs.mkdir(this.abs(path), { recursive: true });
  }

  async readFile(path: string): Promise<Buffer | undefined> {
    return fs.readFile(this.abs(path)).catch(() => undefined);
  }

  async writeFile(path: string, data: Buffer): Promise<void> {
    await fs.writeFile(this.abs(path), data);
  }

  async readlink(path: string): Promise<string | undefined> {
    return fs.readlink(this.abs(path)).catch(() => undefined);
  }

  async swapLink(target: string, link: string): Promise<void> {
    const tmp = `${this.abs(link)}.tmp-${process.pid}-${Date.now()}`;
    await fs.symlink(target, tmp);
    try {
      await fs.rename(tmp, this.abs(link));
    } catch (e) {
      await fs.unlink(tmp).catch(() => undefined);
      throw e;
    }
  }

  async cloneTree(from: string, to: string, files: string[]): Promise<{ done: Promise<void> }> {
    return { done: this.linkEach(from, to, files) };
  }

  private async linkEach(from: string, to: string, files: string[]): Promise<void> {
    await fs.mkdir(this.abs(to), { recursive: true });
    const made = new Set<string>();
    for (const f of files) {
      const dst = join(this.abs(to), f);
      const d = dirname(dst);
      if (!made.has(d)) {
        await fs.mkdir(d, { recursive: true });
        made.add(d);
      }
      await fs.link(join(this.abs(from), f), dst);
    }
  }

  async removeFiles(dir: string, files: string[]): Promise<void> {
    for (const f of files) await fs.unlink(join(this.abs(dir), f)).catch(() => undefined);
  }

  async unlink(path: string): Promise<void> {
    await fs.unlink(this.abs(path));
  }

  async list(dir: string): Promise<string[]> {
    return fs.readdir(this.abs(dir));
  }

  async removeTree(path: string): Promise<void> {
    await fs.rm(this.abs(path), { recursive: true, force: true });
  }

  async close(): Promise<void> {}
}
