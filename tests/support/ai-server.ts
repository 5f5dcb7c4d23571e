// A local stand-in for an AI provider that limits its keys, as real providers do
// (issue 30's benchmarks, scripts/bench-jobs.ts): an OpenAI-compatible server on
// 127.0.0.1 that answers `POST …/chat/completions` after `delayMs` with an
// article about the prompt (tests/contract/helpers.ts articleAnswer), counts
// the requests it is answering at once PER API KEY (the Authorization bearer),
// and refuses with HTTP 429 a request that would make a key's count pass
// `limitPerKey` (a refused request is counted as refused, never as in flight).
// `counts` says, per key, the most it answered at once, how many it answered
// and how many it refused. tests/contract/helpers.ts fakeAiProvider is the same
// server without the limit (one count for all keys); this one is for callers
// that must prove a limit shared by several processes is kept.
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { articleAnswer } from '../contract/helpers';

export interface KeyCounts {
  inFlight: number;
  /** the most requests of this key answered at once (refused ones never count) */
  maxInFlight: number;
  answered: number;
  /** requests refused with 429 because the key was at its limit */
  refused: number;
  /** requests that arrived (answered, refused or still running) */
  received: number;
  /** when the last request arrived (Date.now()), 0 when none did */
  lastAt: number;
}

export interface LimitedAiServer {
  /** the base URL (…/v1) an AI model setting points at */
  url: string;
  /** per API key */
  counts: Map<string, KeyCounts>;
  /** the counts of one key (zeros when it never came) */
  of(key: string): KeyCounts;
  /** forgets the counts (between runs) */
  reset(): void;
  close(): Promise<void>;
}

export async function limitedAiServer(o: { delayMs: number; limitPerKey: number }): Promise<LimitedAiServer> {
  const counts = new Map<string, KeyCounts>();
  const of = (key: string): KeyCounts => {
    let c = counts.get(key);
    if (!c) counts.set(key, (c = { inFlight: 0, maxInFlight: 0, answered: 0, refused: 0, received: 0, lastAt: 0 }));
    return c;
  };
  const server = createServer((req, res) => {
    const key = (req.headers.authorization ?? '').replace(/^Bearer\s+/i, '');
    const c = of(key);
    const reply = (status: number, body: unknown) => res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    c.received++;
    c.lastAt = Date.now();
    if (c.inFlight >= o.limitPerKey) {
      c.refused++;
      req.resume();
      reply(429, { error: { message: `Rate limit reached: at most ${o.limitPerKey} concurrent requests per key`, type: 'rate_limit_exceeded' } });
      return;
    }
    c.inFlight++;
    c.maxInFlight = Math.max(c.maxInFlight, c.inFlight);
    let raw = '';
    req.on('data', (d: Buffer) => (raw += d.toString()));
    req.on('end', () => {
      let body: Record<string, unknown> = {};
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        /* not JSON: answered below as a bad request */
      }
      setTimeout(() => {
        c.inFlight--;
        if (!Array.isArray(body.messages)) return reply(400, { error: { message: 'messages required' } });
        c.answered++;
        const a = articleAnswer({ body });
        reply(a.status, a.body);
      }, o.delayMs);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    counts,
    of,
    reset: () => counts.clear(),
    close: () =>
      new Promise<void>((r) => {
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}
