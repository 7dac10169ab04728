// The CRC answer (CRC rules 1 and 2; the GET row of "Endpoints called by the service"): a JSON
// object {response_token: "sha256=" + Base64(HMAC-SHA-256(consumer secret, crc_token))}, computed
// for each CRC from its own token. Status and content type are not shown: observed.
import { checkCases } from '../../harness/engine/fixed-cases.ts';
import type { HttpResult } from '../../harness/target/http.ts';
import { crcToken, FIXED_CRC_TOKENS, randomToken } from '../../generators/consumer/tokens.ts';
import { answerTime } from './answer-time.ts';
import type { ConsumerCtx } from './api.ts';
import { digest, PREFIX } from './signing.ts';

type Check = (ctx: ConsumerCtx) => Promise<void>;
const BASE64_32 = /^[A-Za-z0-9+/]{43}=$/;

/** the response_token of a CRC answer, or undefined */
function tokenOf(res: HttpResult): unknown {
  const b = res.body;
  return b && typeof b === 'object' && !Array.isArray(b) ? (b as { response_token?: unknown }).response_token : undefined;
}

/** the token of a CRC answer: response_token, or a bare token answered as text; undefined when it has none */
function readableToken(res: HttpResult): string | undefined {
  const field = tokenOf(res);
  const bare = res.text.trim();
  return typeof field === 'string' ? field : /^(sha256=)?[A-Za-z0-9+/=]{40,100}$/.test(bare) ? bare : undefined;
}

/**
 * The CRC answer's token: response_token, or (so that the rules about the key and the message
 * judge only those) a bare token answered as text, which CON-CRC-001 fails on its own.
 *
 * An answer with no token is CON-CRC-001's to judge when the app answers no CRC with one: the
 * rule's premise failed (error). When a CRC with a token like CON-CRC-001's is answered with one,
 * the app failed this rule's own case (a 2 KiB token answered 500, say): a verdict, with the token.
 */
async function crcAnswer(ctx: ConsumerCtx, token = randomToken()): Promise<{ res: HttpResult; answer: string; token: string }> {
  const res = await ctx.api.service.crc(token);
  const answer = readableToken(res);
  if (answer === undefined) {
    const usual = await ctx.api.service.crc(randomToken());
    ctx.setup(
      readableToken(usual) !== undefined,
      `the CRC was answered with no token the harness can read (CON-CRC-001): ${res.status} ${res.text.slice(0, 120)}`,
    );
    ctx.fail(
      `the CRC with token ${JSON.stringify(token.length > 80 ? `${token.slice(0, 80)}…` : token)} (${token.length} characters) was answered ${res.status} ${JSON.stringify(res.text.slice(0, 120))}, with no response_token, while a CRC with a usual token is answered with one`,
      res,
    );
  }
  return { res, answer, token };
}

/**
 * The digest a CRC answer carries, read leniently (with or without the prefix, in Base64 or hex),
 * so that the rules about the key, the message and freshness judge only those; the form itself is
 * judged by CON-CRC-002 and CON-CRC-003.
 */
function digestOf(answer: string): Buffer {
  const rest = answer.startsWith(PREFIX) ? answer.slice(PREFIX.length) : answer;
  return /^[0-9a-f]{64}$/i.test(rest) ? Buffer.from(rest, 'hex') : Buffer.from(rest, 'base64');
}

/** whether the answer carries HMAC-SHA-256(key, token) in any encoding */
function carries(answer: string, key: string, token: string): boolean {
  return digestOf(answer).equals(digest(key, token));
}

/**
 * CRC tokens whose right answer under `key` holds a + and a / (one token may hold both; at most a
 * few dozen candidates are tried, each holds one with odds near a half)
 */
export function tokensShowingAlphabet(key: string): string[] {
  const out: string[] = [];
  for (const ch of ['+', '/']) {
    if (out.some((t) => digest(key, t).toString('base64').includes(ch))) continue;
    for (let i = 0; i < 200; i++) {
      const t = randomToken();
      if (digest(key, t).toString('base64').includes(ch)) {
        out.push(t);
        break;
      }
    }
  }
  return out;
}

export const crcChecks: Record<string, Check> = {
  async 'CON-CRC-001'(ctx: ConsumerCtx) {
    const res = await ctx.api.service.crc(randomToken());
    const b = res.body;
    ctx.check(
      b !== null && typeof b === 'object' && !Array.isArray(b),
      `the CRC answer is not a JSON object: ${res.status} ${JSON.stringify(res.text.slice(0, 200))}`,
    );
    ctx.check(typeof tokenOf(res) === 'string', `the CRC answer has no string response_token: ${res.text.slice(0, 200)}`, res);
  },

  async 'CON-CRC-002'(ctx: ConsumerCtx) {
    const { answer } = await crcAnswer(ctx);
    ctx.check(answer.startsWith(PREFIX), `response_token ${JSON.stringify(answer.slice(0, 80))} does not start with ${PREFIX}`);
  },

  // "the standard Base64": it differs from other Base64 alphabets only in + and /, so the CRCs
  // include tokens whose right answer holds each of them (with the consumer secret, known here)
  async 'CON-CRC-003'(ctx: ConsumerCtx) {
    for (const token of tokensShowingAlphabet(ctx.api.secret)) {
      const { answer } = await crcAnswer(ctx, token);
      const rest = answer.startsWith(PREFIX) ? answer.slice(PREFIX.length) : answer;
      ctx.check(
        BASE64_32.test(rest) && Buffer.from(rest, 'base64').length === 32,
        `after the prefix comes ${JSON.stringify(rest.slice(0, 80))}, not the standard Base64 of 32 bytes (44 characters ending in =), for token ${JSON.stringify(token)}`,
      );
    }
  },

  async 'CON-CRC-004'(ctx: ConsumerCtx) {
    const { answer, token } = await crcAnswer(ctx);
    const bearer = ctx.api.target.bearerToken;
    if (bearer !== undefined && carries(answer, bearer, token))
      ctx.fail('the CRC answer is keyed with the bearer token, not with the consumer secret');
    ctx.check(
      carries(answer, ctx.api.secret, token),
      `the CRC answer for token ${JSON.stringify(token)} is not HMAC-SHA-256 keyed with the consumer secret`,
    );
  },

  async 'CON-CRC-005'(ctx: ConsumerCtx) {
    await checkCases(
      ctx,
      FIXED_CRC_TOKENS,
      crcToken(),
      async (token) => {
        const { answer } = await crcAnswer(ctx, token);
        ctx.check(
          carries(answer, ctx.api.secret, token),
          `the CRC answer for token ${JSON.stringify(token)} is not computed over that exact value`,
        );
      },
      // each CRC is judged by its own token alone: side by side with --concurrency above 1
      { runs: Math.min(ctx.runs, 30), independent: true },
    );
  },

  async 'CON-CRC-006'(ctx: ConsumerCtx) {
    // three CRCs in a row, as at registration, on the hour and after a PUT: each with its own token
    const seen = new Set<string>();
    for (const token of [randomToken(), randomToken(), randomToken()]) {
      const { answer } = await crcAnswer(ctx, token);
      ctx.check(
        carries(answer, ctx.api.secret, token),
        `a later CRC with token ${JSON.stringify(token)} was answered with ${JSON.stringify(answer)}, not from its own token`,
      );
      seen.add(answer);
    }
    ctx.check(seen.size === 3, 'three CRCs with different tokens got the same answer');
  },

  async 'CON-CRC-OBS-001'(ctx: ConsumerCtx) {
    const res = await ctx.api.service.crc(randomToken());
    ctx.observe('status of the CRC answer', String(res.status));
    // the header as sent, its parameters (charset) too: the documents leave it open, so the exact value is what a reader wants
    ctx.observe('content type of the CRC answer', res.headers['content-type'] || '(none)');
    ctx.observe('time to answer a CRC', answerTime(res));
  },
};
