// What a consumer run keeps and repeats: the events the suite delivers for several rules at once
// (every listed kind once, the settle batch) stay in the evidence of the rule that delivered them,
// the others noting where they are and keeping the first delivery of their own case; a rule that fails on one of those events still
// shows that exchange, and its curl line repeats it as the suite sent it: through consumer.connectTo,
// trusting the certificate the config names.
import { describe, expect, test } from 'vitest';
import { embeddedReference } from '../../../domains/reference.ts';
import type { HttpExchange } from '../../../harness/model/result.ts';
import { curlOptions } from '../../../suites/consumer/service.ts';
import { SETTLED_CASES } from '../../../suites/consumer/settled-cases.ts';
import type { ConsumerTarget } from '../../../config/consumer/index.ts';
import { runLocal } from '../../runners/run-local.ts';

const REFUSALS = ['CON-SIG-002', 'CON-SIG-003', 'CON-SIG-004', 'CON-SIG-005', 'CON-SIG-007', 'CON-SIG-009', 'CON-SIG-010'];

describe('evidence of the work rules share, and curl lines', () => {
  test('every event POST is in the report once; a refusal rule that did not deliver the batch shows its failing event and repeats it', async () => {
    const out = await runLocal('any-signature', embeddedReference({ fault: 'consumer-any-signature' }), { suites: ['consumer'] });
    const posts = out.report.rules.flatMap((r) =>
      r.evidence.filter((e): e is HttpExchange => 'request' in e && e.request.method === 'POST').map((e) => ({ rule: r.id, e })),
    );
    // the same exchange object in two rules' evidence is a copy of shared work
    const seen = new Map<HttpExchange, string[]>();
    for (const { rule, e } of posts) seen.set(e, [...(seen.get(e) ?? []), rule]);
    const twice = [...seen.values()].filter((rules) => rules.length > 1);
    // a rule of the batch keeps the first delivery of its own case, and a failing one the exchange its
    // failure is about, beside the rule that made them: no exchange in more than two rules' evidence
    expect(twice.every((rules) => rules.length === 2)).toBe(true);
    expect(twice.length).toBeLessThanOrEqual(2 * SETTLED_CASES.length);

    for (const id of REFUSALS) {
      const r = out.byId.get(id);
      expect(r?.status, id).toBe('failed');
      expect(r?.failingExchange, id).toBeGreaterThanOrEqual(0);
      const failing = r?.evidence[r.failingExchange ?? -1] as HttpExchange;
      expect(failing.request.method, id).toBe('POST');
      expect(r?.curl, id).toMatch(
        /^curl -sS -i --connect-to consumer\.conformance\.test:443:127\.0\.0\.1:\d+ --cacert consumer-ca\.pem -X POST "https:\/\/consumer\.conformance\.test\/vendor\/webhook"/,
      );
      expect(r?.curl, id).toMatch(/-H "x-vendor-webhooks-signature: [^"]+"/);
    }
    // the others point to where the shared exchanges are
    const notes = out.report.rules.flatMap((r) => r.evidence.flatMap((e) => ('note' in e ? [e.note] : [])));
    expect(notes.some((n) => /done once in this run, by CON-[A-Z]+-\d+; its \d+ exchange\(s\) are in the evidence of CON-/.test(n))).toBe(
      true,
    );
    // and a rule gets that note once for each way it reads the work (itself, and within the batch's
    // notes), however often the work asked for it (the batch asked once per rule of it)
    for (const r of out.report.rules) {
      const copies = r.evidence.filter(
        (e) => 'note' in e && e.note.startsWith('every listed kind delivered once, correctly signed (which the app acts on): done once'),
      );
      expect(copies.length, r.id).toBeLessThanOrEqual(2);
    }
  });

  // an outside probe found no hex, bare, bearer-keyed or truncated signature case in any report of a
  // passing run: the batch's 240 exchanges were in one rule's evidence, trimmed to its first and last
  test('on an app that passes, every rule of the batch shows the first event of its own case', async () => {
    const out = await runLocal('consumer', embeddedReference(), { suites: ['consumer'] });
    for (const c of SETTLED_CASES) {
      const r = out.byId.get(c.rule);
      expect(r?.status, c.rule).toMatch(/^(passed|observed)$/);
      // an event delivery (not the probe's reset, also a POST)
      const own = r?.evidence.filter((e) => 'request' in e && JSON.stringify(e.request.body ?? '').includes('event_uuid')) ?? [];
      expect(own.length, `${c.rule} shows one of the events it judged`).toBeGreaterThan(0);
    }
  });

  test("curl's options follow the config: connectTo (IPv6 too), caFile's path, caPem from env:NAME, caPem inline", () => {
    const base = {
      callbackUrl: 'https://hooks.acme.test/vendor',
      consumerSecret: 'x',
      settleMs: 1000,
      maxConnections: 8,
    } as ConsumerTarget;
    expect(curlOptions(base)).toEqual([]);
    expect(
      curlOptions({ ...base, connectTo: { host: '127.0.0.1', port: 8443 }, caPem: 'PEM', caFrom: { file: '/etc/app/cert.pem' } }),
    ).toEqual(['--connect-to', 'hooks.acme.test:443:127.0.0.1:8443', '--cacert', '/etc/app/cert.pem']);
    expect(curlOptions({ ...base, callbackUrl: 'http://hooks.acme.test:8080/v', connectTo: { host: '::1', port: 9 } })).toEqual([
      '--connect-to',
      'hooks.acme.test:8080:[::1]:9',
    ]);
    expect(curlOptions({ ...base, caPem: 'PEM', caFrom: { env: 'APP_CA' } })).toEqual(['--cacert', '<(printenv APP_CA)']);
    expect(curlOptions({ ...base, caPem: 'PEM' })).toEqual(['--cacert', 'consumer-ca.pem']);
  });
});
