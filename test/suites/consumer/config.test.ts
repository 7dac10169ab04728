// The consumer section sits at the config's root (TARGET-CONTRACT §6): a config may name only a
// consumer; its callback URL's scheme and port are rules of the suite, not config errors; its
// secrets are read from the environment and redacted; connectTo and caFile are checked; settleMs
// has its default.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { parseConfig } from '../../../harness/config-loader/load.ts';
import { DOMAINS } from '../../../domains/registry.ts';
import { type ConsumerTarget, DEFAULT_MAX_CONNECTIONS, DEFAULT_SETTLE_MS } from '../../../config/consumer/index.ts';

const parse = (doc: unknown, env: Record<string, string> = {}, dir = process.cwd()) => parseConfig(doc, dir, env, DOMAINS);

describe('the consumer config section', () => {
  test('a config with only a consumer loads; its name names the run; an http URL with a port is not a config error', () => {
    const c = parse(
      {
        consumer: {
          name: 'acme',
          callbackUrl: 'http://hooks.acme.test:8080/vendor',
          consumerSecret: 'env:APP_SECRET',
          rejectStatus: [401],
        },
      },
      { APP_SECRET: 's3cret' },
    );
    expect(c.name).toBe('acme');
    const s = c.sections.consumer as ConsumerTarget;
    expect(s.callbackUrl).toBe('http://hooks.acme.test:8080/vendor');
    expect(s.consumerSecret).toBe('s3cret');
    expect(c.secrets).toContain('s3cret');
    expect(c.sections.dataApi).toBeUndefined();
  });

  test('connectTo is host:port; caFile is read relative to the config file; unknown keys are refused', () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-consumer-'));
    writeFileSync(join(dir, 'ca.pem'), '-----BEGIN CERTIFICATE-----\nx\n-----END CERTIFICATE-----\n');
    const c = parse(
      { consumer: { callbackUrl: 'https://hooks.acme.test/v', consumerSecret: 'x', connectTo: '127.0.0.1:8443', caFile: 'ca.pem' } },
      {},
      dir,
    );
    const s = c.sections.consumer as ConsumerTarget;
    expect(s.connectTo).toEqual({ host: '127.0.0.1', port: 8443 });
    expect(s.caPem).toContain('BEGIN CERTIFICATE');
    expect(() => parse({ consumer: { callbackUrl: 'https://a.test/v', consumerSecret: 'x', connectTo: '127.0.0.1' } })).toThrow(
      /connectTo/,
    );
    expect(() => parse({ consumer: { callbackUrl: 'https://a.test/v', consumerSecret: 'x', secret: 'y' } })).toThrow(/secret/);
    expect(() => parse({ consumer: { callbackUrl: 'https://a.test/v' } })).toThrow(/consumerSecret/);
    expect(() => parse({ consumer: { callbackUrl: 'https://a.test/v', consumerSecret: 'x', caFile: 'missing.pem' } }, {}, dir)).toThrow(
      /caFile/,
    );
  });

  test('settleMs: how long the app may take to act on an event; 1000 ms when not given; a whole number of ms from 0', () => {
    const base = { callbackUrl: 'https://a.test/v', consumerSecret: 'x' };
    expect((parse({ consumer: base }).sections.consumer as ConsumerTarget).settleMs).toBe(DEFAULT_SETTLE_MS);
    expect(DEFAULT_SETTLE_MS).toBe(1000);
    expect((parse({ consumer: { ...base, settleMs: 5000 } }).sections.consumer as ConsumerTarget).settleMs).toBe(5000);
    expect((parse({ consumer: { ...base, settleMs: 0 } }).sections.consumer as ConsumerTarget).settleMs).toBe(0);
    for (const bad of [-1, 1.5, '1000', 300_001])
      expect(() => parse({ consumer: { ...base, settleMs: bad } }), String(bad)).toThrow(/settleMs/);
  });

  test('maxConnections: how many requests the suite has in flight to the app at once; 8 when not given; a whole number from 1 to 256', () => {
    const base = { callbackUrl: 'https://a.test/v', consumerSecret: 'x' };
    expect((parse({ consumer: base }).sections.consumer as ConsumerTarget).maxConnections).toBe(DEFAULT_MAX_CONNECTIONS);
    expect(DEFAULT_MAX_CONNECTIONS).toBe(8);
    expect((parse({ consumer: { ...base, maxConnections: 1 } }).sections.consumer as ConsumerTarget).maxConnections).toBe(1);
    expect((parse({ consumer: { ...base, maxConnections: 256 } }).sections.consumer as ConsumerTarget).maxConnections).toBe(256);
    for (const bad of [0, 1.5, '8', 257])
      expect(() => parse({ consumer: { ...base, maxConnections: bad } }), String(bad)).toThrow(/maxConnections/);
  });

  test('a config with neither target nor consumer is refused', () => {
    expect(() => parse({ limits: {} })).toThrow(/target|consumer/);
  });
});
