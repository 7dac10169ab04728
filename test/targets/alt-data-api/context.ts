// Shared context of one running alt target, plus small HTTP helpers.
import type { IncomingMessage } from 'node:http';
import { timingSafeEqual } from 'node:crypto';
import type { Outbound } from './outbound.ts';
import type { State } from './store.ts';

export interface Ctx {
  secret: string;
  bearer: string;
  controlToken?: string;
  base: string; // problem_type_base
  maxWebhooks: number;
  st: State;
  out: Outbound;
  closed: boolean;
  /** for tests of a lossy network: whether the hourly CRC of this webhook is lost on the way (it fails unseen) */
  loseHourlyCrc?: (wh: { valid: boolean }) => boolean;
  /** for tests of a service with activity of its own (its users' posts), reaching every valid webhook: beside each event made through the control API, or every so many milliseconds */
  ownActivity?: 'beside' | number;
}

export const PROBLEM_BASE = 'https://alt.example.test';
export const MAX_WEBHOOKS = 2;
export const CRC_TIMEOUT_MS = 1500;
export const EVENT_TIMEOUT_MS = 2000;
export const JOB_DELAY_MS = 30;
export const HOUR_MS = 3600_000;

function same(a: string, b: string): boolean {
  const x = Buffer.from(a),
    y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** true when the request carries `Authorization: Bearer <token>` */
export function hasBearer(req: IncomingMessage, token: string): boolean {
  const m = /^bearer[ ]+(\S+)\s*$/i.exec(req.headers.authorization ?? '');
  return !!m && same(m[1], token);
}

export class BodyTooLarge extends Error {}

export function readBody(req: IncomingMessage, limit = 1024 * 1024): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        reject(new BodyTooLarge());
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/** undefined for an empty body; `{bad: true}` when the bytes are not JSON */
export function parseJson(buf: Buffer): { bad: true } | { bad: false; value: unknown } {
  const text = buf.toString('utf8');
  if (text.trim() === '') return { bad: false, value: undefined };
  try {
    return { bad: false, value: JSON.parse(text) as unknown };
  } catch {
    return { bad: true };
  }
}

export function isObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
