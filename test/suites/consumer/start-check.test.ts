// A consumer the harness cannot reach or cannot trust stops the run at once (exit 2) with one
// line naming the config key that would fix it.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from 'vitest';
import { startExampleConsumer } from '../../../examples/consumer/index.ts';
import { createCertificate } from '../../../harness/receiver/cert.ts';
import { cli, freePort } from '../../runners/cli.ts';

const config = (consumer: Record<string, unknown>) => {
  const file = join(mkdtempSync(join(tmpdir(), 'conform-consumer-start-')), 'c.json');
  writeFileSync(file, JSON.stringify({ consumer: { consumerSecret: 'start-check-secret', ...consumer } }));
  return file;
};

test('an untrusted certificate names caFile/caPem; a refused connectTo names connectTo; both exit 2', async () => {
  const tls = await createCertificate('consumer.conformance.test');
  const app = await startExampleConsumer({ consumerSecret: 'start-check-secret', tls });
  try {
    const url = `https://consumer.conformance.test${new URL(app.callbackUrl).pathname}`;
    const untrusted = await cli(['run', '--config', config({ callbackUrl: url, connectTo: `127.0.0.1:${app.port}` })]);
    expect(untrusted.code).toBe(2);
    expect(untrusted.stderr).toMatch(/certificate is not trusted.*consumer\.caFile or consumer\.caPem/);
    const port = await freePort();
    const refused = await cli(['run', '--config', config({ callbackUrl: url, connectTo: `127.0.0.1:${port}`, caPem: tls.certPem })]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toMatch(new RegExp(`connecting to 127\\.0\\.0\\.1:${port}, consumer\\.connectTo.*refused`));
    expect(`${untrusted.stderr}${refused.stderr}`).not.toContain('start-check-secret');
  } finally {
    await app.close();
  }
});
