// Pure tag-bar rules. The list always starts with the home page; a page is added
// once; a tag is closable only while more than one exists.
import { decide, HOME_PATH, normalizePath, type GuardInput } from './guard';

export function openTag(tags: readonly string[], path: string): string[] {
  const base = tags.includes(HOME_PATH) ? [...tags] : [HOME_PATH, ...tags];
  return base.includes(path) ? base : [...base, path];
}

export function isClosable(tags: readonly string[]): boolean {
  return tags.length > 1;
}

/**
 * One tag's close button: never for the last tag; the guide page (first page)
 * cannot be closed unless it is not the first-page setting.
 */
export function isTagClosable(tags: readonly string[], tag: string, firstPage: string = HOME_PATH): boolean {
  return isClosable(tags) && tag !== firstPage;
}

/** Close others: the first page and `keep` remain. */
export function closeOthers(tags: readonly string[], keep: string): string[] {
  return openTag([HOME_PATH], keep).filter((t) => tags.includes(t) || t === HOME_PATH);
}

/** Close all: back to the welcome tab alone. */
export function closeAll(): string[] {
  return [HOME_PATH];
}

/** Closes `path`. When it was the active tag, `next` is its right (else left) neighbour. */
export function closeTag(tags: readonly string[], path: string, active: string): { tags: string[]; next: string | null } {
  if (!isTagClosable(tags, path) || !tags.includes(path)) return { tags: [...tags], next: null };
  const index = tags.indexOf(path);
  const rest = tags.filter((t) => t !== path);
  if (path !== active) return { tags: rest, next: null };
  return { tags: rest, next: rest[Math.min(index, rest.length - 1)] ?? HOME_PATH };
}

/**
 * The tag list after the console arrives at a location, however it got there
 * (a menu click, navigate(), a URL typed or pasted, back/forward): the guard's
 * decision says whether the page is a tab; a redirect or a public page leaves
 * the list as it is (the same array, so subscribers do not re-render).
 */
export function tagsAfterNavigation(tags: string[], input: GuardInput): string[] {
  const decision = decide(input);
  if (decision.kind !== 'render' || !decision.tab) return tags;
  const path = normalizePath(input.path.split(/[?#]/)[0]);
  const next = openTag(tags, path);
  return next.length === tags.length && next.every((t, i) => t === tags[i]) ? tags : next;
}
