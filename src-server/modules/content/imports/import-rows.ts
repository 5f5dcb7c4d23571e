// One line of an article, website or template import made a row: a JSON
// object as its form sends it, or (text imports) a `title|keyword|content`
// article; saved through the resource's repository, so the form's rules apply.
import type { DataLayer, Queries } from '../../../db/data-layer';
import { ServiceError } from '../../../http/reply';
import { CrudRepository, type Scope } from '../../../crud/repository';
import type { Resource } from '../../../crud/resource';
import type { Clock } from '../../../util/clock';
import type { ImportFormat, ImportKind } from './import-kinds';
import type { Message } from '../../../../src-shared/messages';

type Rec = Record<string, unknown>;

/** why a line was skipped: a message of the table, else a text (a refusal not keyed yet) */
export type LineError = Message | string;

const RESOURCE_OF: Record<Exclude<ImportKind, 'keyword'>, string> = { article: 'article', website: 'websiteInfo', template: 'websiteTemplate' };

/** One line -> null when imported, else why not: a message of the table (a refused field's, a format's), else its text. */
export function rowImporter(data: DataLayer, clock: Clock, resources: Map<string, Resource>, kind: Exclude<ImportKind, 'keyword'>, options: { format: ImportFormat; defaults: Rec }, scope: Scope): (line: string, q: Queries) => Promise<LineError | null> {
  const resource = resources.get(RESOURCE_OF[kind]);
  if (!resource) throw new ServiceError('importTask.typeMissing');
  const repo = new CrudRepository(data, resource, clock);
  const defaults = options.defaults ?? {};
  return async (line, q) => {
    let row: Rec;
    if (options.format === 'text') {
      const [title, keyword, ...rest] = line.split('|');
      const content = rest.join('|').trim();
      if (!title?.trim() || keyword === undefined || !content) return { key: 'importReason.text' };
      row = { title: title.trim(), keyword: keyword.trim(), content: `<p>${escapeHtml(content)}</p>`, descVal: content.slice(0, 300) };
    } else {
      try {
        const parsed: unknown = JSON.parse(line);
        if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return { key: 'importReason.json' };
        row = parsed as Rec;
      } catch {
        return { key: 'importReason.json' };
      }
    }
    delete row.id;
    try {
      await repo.insert({ ...defaults, ...row }, scope, q);
      return null;
    } catch (e) {
      // a refused row (the form's message), or one the database refused: the line is logged and skipped either way
      if (e instanceof ServiceError) return e.keyed ?? e.message;
      return { key: 'importReason.failed', params: { detail: (e as Error).message.slice(0, 494) } };
    }
  };
}

const escapeHtml = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
