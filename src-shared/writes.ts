// Which cached reads a successful write touches. Main emits 'data:changed' with
// the path of every successful write of a workspace (src-main/ipc/handlers.ts);
// each window of the profile drops and reads again what these rules match
// (src-renderer/crud/freshness.ts). API paths read /<service>/<resource>/<action>
// (/website-blade-material/websiteGroup/submit). One area's resources are spread
// over several services (websites under website-blade-material, templates and
// import tasks under seo-blade-material, navbars under blade-material), and a
// write of one resource can change reads of another (a group's name in the
// website list, a removed group's websites): a write is therefore taken to touch
// every read of its area, the services that share the part after `blade-`
// (material, article, deploy, system...). Pure.

/** whether a request of this method writes (every method but GET) */
export const isWriteMethod = (method: string): boolean => method.toLowerCase() !== 'get';

/** the path of a URL: no query, no fragment, no trailing slash */
export function pathOf(url: string): string {
  const path = url.split(/[?#]/, 1)[0] ?? '';
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** the resource a path names: the path without its action (/website-blade-material/websiteGroup) */
export function resourceOf(url: string): string {
  const parts = pathOf(url).split('/').filter(Boolean);
  return `/${(parts.length > 1 ? parts.slice(0, -1) : parts).join('/')}`;
}

/** the area of a path: its service's name after `blade-` (website-blade-material, blade-material: material) */
export function areaOf(url: string): string {
  const service = pathOf(url).split('/').filter(Boolean)[0] ?? '';
  const at = service.lastIndexOf('blade-');
  return at >= 0 ? service.slice(at + 'blade-'.length) : service;
}

/** Whether a write to `written` may change what a read of `read` returned (same area; see above). */
export function writeTouches(written: string, read: string): boolean {
  return areaOf(written) !== '' && areaOf(written) === areaOf(read);
}

/** Whether a URL is a write to the system or business dictionaries (every dictionary a select shows may change). */
export function isDictWrite(url: string): boolean {
  return /\/dict(-biz)?\/(submit|save|update|remove)(\?|$)/.test(url);
}
