// IndexNow (www.indexnow.org/documentation): one POST of up to 10,000 URLs of one
// host, with the site's key; the engine fetches https://<host>/<key>.txt to check
// the key is the site's. Bing, Yandex, Naver, Seznam and others share what one of
// them receives. Answers: 200 submitted, 202 received (the key is checked later),
// 400 bad request, 403 the key not valid (its file not found, or not holding the
// key), 422 URLs not of the host or a key not matching the schema, 429 too many
// requests. The key file goes at the root of every release (site-files.ts).
import type { UrlHint, UrlState } from '../../../../../src-shared/search-engines';
import { call, type Reply, type Verdict, verdictOf } from './answer';

export interface IndexNowSite {
  /** the host the URLs are on */
  host: string;
  key: string;
  /** where the key file is served: <origin>/<key>.txt */
  keyLocation: string;
}

/** the key file's name and text (at the root of the site) */
export const keyFile = (key: string): { path: string; text: string } => ({ path: `${key}.txt`, text: key });

/** where a site on `origin` serves its key file */
export const keyLocationOf = (origin: string, key: string): string => `${origin.replace(/\/+$/, '')}/${keyFile(key).path}`;

export interface IndexNowOutcome {
  reply: Reply;
  verdict: Verdict;
  /** what the URLs sent became: submitted, or (a stop) rejected (400, 422) / failed (403 and the rest) */
  urlState: UrlState;
}

/** Sends `urls` (at most INDEXNOW_BATCH, all of site.host) to the endpoint. */
export async function submitIndexNow(endpoint: string, site: IndexNowSite, urls: readonly string[], signal?: AbortSignal): Promise<IndexNowOutcome> {
  const reply = await call(endpoint, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json; charset=utf-8' },
    body: JSON.stringify({ host: site.host, key: site.key, keyLocation: site.keyLocation, urlList: urls }),
    signal,
  });
  const verdict = verdictOf(reply, (r): UrlHint | undefined =>
    r.status === 403
      ? { code: 'keyNotReachable', params: { url: site.keyLocation } }
      : r.status === 422
        ? { code: 'urlsInvalid', params: { host: site.host } }
        : r.status === 401
          ? { code: 'keyInvalid' }
          : undefined,
  );
  const urlState: UrlState = verdict.kind === 'ok' ? 'submitted' : verdict.kind === 'retry' ? 'pending' : reply.status === 400 || reply.status === 422 ? 'rejected' : 'failed';
  return { reply, verdict, urlState };
}
