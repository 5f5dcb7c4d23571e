// The one generic router: list/page, detail, submit, save, update, remove for
// every declared resource, in the BladeX dialect.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DataLayer } from '../db/data-layer';
import { allow, menuButton, PLATFORM, type Access } from '../http/access-policy';
import { requireButton } from '../http/access-check';
import { ok, ServiceError, status } from '../http/reply';
import { callerOf, firstDeptOf } from '../http/auth-user';
import { readerLanguage } from '../http/reasons';
import type { Clock } from '../util/clock';
import type { Resource } from './resource';
import { CrudRepository, type Scope } from './repository';

function scopeOf(request: FastifyRequest): Scope {
  const user = callerOf(request);
  return { tenantId: user.tenantId, userId: user.userId, deptId: firstDeptOf(user), rowFilter: request.rowFilter, language: readerLanguage(request) };
}

function jsonBody(request: FastifyRequest): Record<string, unknown> {
  const body = request.body;
  if (!body || typeof body !== 'object' || Array.isArray(body)) throw new ServiceError('common.badBody');
  return body as Record<string, unknown>;
}

function param(source: unknown, name: string): string | undefined {
  if (!source || typeof source !== 'object') return undefined;
  const v = (source as Record<string, unknown>)[name];
  const first = Array.isArray(v) ? v.join(',') : v;
  return first === undefined || first === null ? undefined : String(first);
}

function idOf(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  const s = String(value).trim();
  return s === '' || s === '-1' ? null : s;
}

type Write = 'add' | 'edit' | 'delete';

/** Each endpoint's declaration, from the resource's (see ResourceAccess). */
export function endpointAccess(resource: Resource): { read: Access; write(...kinds: Write[]): Access } {
  const a = resource.access;
  return {
    read: a.readBy ?? { menu: [...a.menu, ...(a.pickedBy ?? [])] },
    write: (...kinds) => {
      if (a.shared) return PLATFORM;
      const buttons = kinds.map((k) => a[k]).filter((b): b is string => !!b);
      return buttons.length ? menuButton(a.menu, ...buttons) : { menu: a.menu };
    },
  };
}

export function registerResource(app: FastifyInstance, data: DataLayer, resource: Resource, clock: Clock): CrudRepository {
  const repo = new CrudRepository(data, resource, clock);
  const base = resource.basePath;
  const has = (e: Resource['endpoints'][number]): boolean => resource.endpoints.includes(e);
  const query = (request: FastifyRequest) => (request.query ?? {}) as Record<string, unknown>;
  const access = endpointAccess(resource);
  const read = allow(access.read);
  /** submit adds without an id and edits with one: the button of the write it is */
  const needButton = async (request: FastifyRequest, kind: Write): Promise<void> => {
    const code = resource.access[kind];
    if (code && !resource.access.shared) await requireButton(data, request, code);
  };

  const page = async (request: FastifyRequest) => ok(await repo.page(query(request), scopeOf(request)));
  if (has('list')) app.get(`${base}/list`, read, page);
  if (has('page')) app.get(`${base}/page`, read, page);

  if (has('detail')) {
    app.get(`${base}/detail`, read, async (request) => {
      const id = idOf(param(request.query, 'id'));
      if (!id) throw new ServiceError({ key: 'common.missingParam', params: { name: 'id' } });
      return ok(await repo.detail(id, scopeOf(request)));
    });
  }

  if (has('submit')) {
    app.post(`${base}/submit`, allow(access.write('add', 'edit')), async (request) => {
      const body = jsonBody(request);
      const id = idOf(body.id);
      await needButton(request, id ? 'edit' : 'add');
      const scope = scopeOf(request);
      return ok(await (id ? repo.update(id, body, scope) : repo.insert(body, scope)));
    });
  }
  if (has('save')) {
    app.post(`${base}/save`, allow(access.write('add')), async (request) => ok(await repo.insert(jsonBody(request), scopeOf(request))));
  }
  if (has('update')) {
    app.post(`${base}/update`, allow(access.write('edit')), async (request) => {
      const body = jsonBody(request);
      const id = idOf(body.id);
      if (!id) throw new ServiceError({ key: 'common.missingParam', params: { name: 'id' } });
      return ok(await repo.update(id, body, scopeOf(request)));
    });
  }

  if (has('remove')) {
    app.post(`${base}/remove`, allow(access.write('delete')), async (request) => {
      const raw = param(request.query, 'ids') ?? param(request.body, 'ids') ?? '';
      const ids = [...new Set(raw.split(',').map((s) => s.trim()).filter(Boolean))];
      if (ids.length === 0) throw new ServiceError('common.selectAtLeastOne');
      if ((await repo.remove(ids, scopeOf(request))) === 0) throw new ServiceError('common.notFound');
      return status(true);
    });
  }
  return repo;
}
