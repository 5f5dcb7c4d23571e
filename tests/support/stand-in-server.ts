// What every stand-in server of tests/support shares: listening on 127.0.0.1,
// closing, reading a request's body, answering JSON and forced answers.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface StandIn {
  url: string;
  close(): Promise<void>;
}

export async function listen(server: Server): Promise<string> {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
}

export function closer(server: Server): () => Promise<void> {
  return () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    });
}

export function body(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const parts: Buffer[] = [];
    req.on('data', (d: Buffer) => parts.push(d));
    req.on('end', () => resolve(Buffer.concat(parts).toString('utf8')));
    req.on('error', reject);
  });
}

export const json = (res: ServerResponse, status: number, value: unknown, headers: Record<string, string> = {}) =>
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', ...headers }).end(value === undefined ? '' : JSON.stringify(value));

/** A forced answer for the next calls of a kind (quota, outage): status, body, how many times. */
export interface Forced {
  status: number;
  body?: unknown;
  times: number;
  retryAfter?: number;
}

export function takeForced(queue: Forced[]): Forced | undefined {
  const f = queue[0];
  if (!f) return undefined;
  if (--f.times <= 0) queue.shift();
  return f;
}
