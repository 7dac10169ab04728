// What a user reads when a call goes wrong: a slow body is not "no answer", TLS failures are plain
// sentences with a short code (never raw OpenSSL text), a missing --hooks-ca file is one line, and
// an old Node says which Node conform needs.
import { execFile } from 'node:child_process';
import { createServer as createHttps } from 'node:https';
import type { AddressInfo } from 'node:net';
import { describe, expect, test } from 'vitest';
import { nodeVersionProblem } from '../../bin/node-version.js';
import { createCertificate } from '../../harness/receiver/cert.ts';
import { HttpClient, NetworkError } from '../../harness/target/http.ts';
import { describeFailure, describeReceiverTls, receiverTlsQuestion } from '../../harness/target/network-wording.ts';
import { BIN, cli } from '../runners/cli.ts';
import { startHostile } from './hostile-target/server.ts';

const tlsError = (code: string, message: string) => Object.assign(new Error(message), { code });

describe('wording', () => {
  test('a body that arrives too slowly is reported as such, not as "no answer"', async () => {
    const s = await startHostile((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': 100 });
      res.write('{"data":'); // and nothing more
    });
    try {
      const call = new HttpClient({ timeoutMs: 300 }).send('GET', `${s.url}/slow`);
      await expect(call).rejects.toBeInstanceOf(NetworkError);
      await expect(call).rejects.toThrow(`GET ${s.url}/slow: the answer's body did not arrive within 300 ms`);
    } finally {
      await s.close();
    }
  });

  test('a certificate the harness does not trust: a plain sentence with a short code', async () => {
    const { certPem, keyPem } = await createCertificate('localhost');
    const server = createHttps({ cert: certPem, key: keyPem }, (_req, res) => res.end('{}'));
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const url = `https://127.0.0.1:${(server.address() as AddressInfo).port}/`;
      const err = (await new HttpClient({ timeoutMs: 2000 }).send('GET', url).catch((e: unknown) => e)) as NetworkError;
      expect(err.message).toMatch(/^GET https:\/\/127\.0\.0\.1:\d+\/: TLS: the target's certificate is not trusted \([A-Z_]+\)$/);
      expect(err.message).not.toMatch(/SSL routines|error:/);
    } finally {
      server.close();
    }
  });

  test('OpenSSL and Node TLS errors are translated', () => {
    const w = (code: string, msg: string) => describeFailure(tlsError(code, msg), 1000, false).message;
    expect(w('ERR_SSL_SSL/TLS_ALERT_CERTIFICATE_UNKNOWN', 'error:0A000086:SSL routines::certificate verify failed')).toBe(
      "TLS: the target's certificate is not trusted (SSL 0A000086)",
    );
    expect(w('ERR_TLS_CERT_ALTNAME_INVALID', "Hostname/IP does not match certificate's altnames")).toBe(
      "TLS: the target's certificate does not name this host (hostname mismatch, ERR_TLS_CERT_ALTNAME_INVALID)",
    );
    expect(w('EPROTO', 'error:0A00010B:SSL routines::wrong version number')).toBe(
      'TLS: the handshake failed: the port does not seem to speak TLS (SSL 0A00010B)',
    );
    expect(w('ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE', 'error:0A000410:SSL routines::sslv3 alert handshake failure')).toBe(
      'TLS: the handshake failed (SSL 0A000410: sslv3 alert handshake failure)',
    );
    expect(w('CERT_HAS_EXPIRED', 'certificate has expired')).toBe("TLS: the target's certificate has expired (CERT_HAS_EXPIRED)");
    expect(describeReceiverTls('error:0A000416:SSL routines::sslv3 alert certificate unknown')).toBe(
      "the target did not trust the receiver's certificate (SSL 0A000416)",
    );
  });

  test('handshakes the receiver saw fail: a peer that only hung up is asked about its time limit too, not only about the certificate', () => {
    const host = 'hooks.conformance.test';
    const trust = `does the target trust the receiver's certificate (receiver.tls, or verification off for ${host})`;
    expect(receiverTlsQuestion(['error:0A000416:SSL routines::sslv3 alert certificate unknown'], host)).toBe(`${trust}?`);
    // one refusal among hang-ups: the certificate is the question
    expect(receiverTlsQuestion(['socket hang up', 'error:0A000418:SSL routines::tlsv1 alert unknown ca'], host)).toBe(`${trust}?`);
    for (const hungUp of [
      ['socket hang up'],
      ['read ECONNRESET', 'Client network socket disconnected before secure TLS connection was established'],
    ])
      expect(receiverTlsQuestion(hungUp, host)).toBe(
        `the target closed the connection before the handshake ended: ${trust}, or did it give up waiting (its own time limit; under a heavy load, such as a high --concurrency against a local target, the receiver answers slowly)?`,
      );
  });

  test('conform reference --hooks-ca with a missing file: one line, exit 2', async () => {
    const r = await cli(['reference', '--port', '0', '--hooks-ca', '/nonexistent/receiver.pem']);
    expect(r.code).toBe(2);
    expect(r.stderr).toBe('conform: cannot read --hooks-ca /nonexistent/receiver.pem: no such file\n');
  });

  test('an old Node is told which Node conform needs, before anything newer is imported', async () => {
    expect(nodeVersionProblem('20.20.2')).toBe(
      "conform needs Node 22.19 or later (this is v20.20.2); run it through npm (npm run conform) which uses the project's Node 24",
    );
    expect(nodeVersionProblem('22.18.0')).toContain('needs Node 22.19 or later');
    expect(nodeVersionProblem('22.19.0')).toBeUndefined();
    expect(nodeVersionProblem('24.1.0')).toBeUndefined();
    // bin/conform.js under a Node that reports 20.11.1
    const fake = 'data:text/javascript,Object.defineProperty(process,"versions",{value:{...process.versions,node:"20.11.1"}})';
    const r = await new Promise<{ code: number | null; stderr: string }>((resolve) =>
      execFile(process.execPath, ['--import', fake, BIN, 'rules'], (err, _out, stderr) =>
        resolve({ code: err ? (err.code as number) : 0, stderr }),
      ),
    );
    expect(r.code).toBe(2);
    expect(r.stderr).toBe(`${nodeVersionProblem('20.11.1')}\n`);
  });
});
