// Certificate creation, caching and loading.

import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { X509Certificate } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { createCertificate, loadCertificate } from '../../../harness/receiver/index.ts';

describe('createCertificate', () => {
  it('is self-signed, ECDSA P-256 with SHA-256, for the host, localhost and 127.0.0.1', async () => {
    const { certPem, keyPem } = await createCertificate('cert-test.conformance.test');
    const cert = new X509Certificate(certPem);
    expect(cert.subject).toContain('CN=cert-test.conformance.test');
    expect(cert.issuer).toBe(cert.subject);
    expect(cert.verify(cert.publicKey)).toBe(true);
    expect(cert.publicKey.asymmetricKeyType).toBe('ec');
    expect(cert.publicKey.asymmetricKeyDetails?.namedCurve).toBe('prime256v1');
    // signed ecdsa-with-SHA256 (OID 1.2.840.10045.4.3.2), not selfsigned's default SHA-1 (1.2.840.10045.4.1)
    expect(cert.raw.includes(Buffer.from('06082a8648ce3d040302', 'hex'))).toBe(true);
    expect(cert.raw.includes(Buffer.from('06072a8648ce3d0401', 'hex'))).toBe(false);
    expect(cert.checkHost('cert-test.conformance.test')).toBeTruthy();
    expect(cert.checkHost('localhost')).toBeTruthy();
    expect(cert.checkIP('127.0.0.1')).toBeTruthy();
    expect(cert.ca).toBe(false);
    expect(new Date(cert.validTo).getTime()).toBeGreaterThan(Date.now() + 300 * 86400_000);
    expect(keyPem).toMatch(/PRIVATE KEY/);
  });

  it('caches per host', async () => {
    const [a, b] = await Promise.all([createCertificate('cache.conformance.test'), createCertificate('CACHE.conformance.test')]);
    expect(a).toBe(b);
    const c = await createCertificate('other-cache.conformance.test');
    expect(c.certPem).not.toBe(a.certPem);
  });

  it('puts an IP host into an IP SAN', async () => {
    const cert = new X509Certificate((await createCertificate('10.1.2.3')).certPem);
    expect(cert.checkIP('10.1.2.3')).toBe('10.1.2.3');
  });
});

describe('loadCertificate', () => {
  let dir = '';
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('loads a matching pair and refuses a mismatched key', async () => {
    dir = await mkdtemp(join(tmpdir(), 'conform-cert-'));
    const a = await createCertificate('load-a.conformance.test');
    const b = await createCertificate('load-b.conformance.test');
    await writeFile(join(dir, 'a.crt'), a.certPem);
    await writeFile(join(dir, 'a.key'), a.keyPem);
    await writeFile(join(dir, 'b.key'), b.keyPem);
    await writeFile(join(dir, 'junk'), 'not a pem');
    expect(await loadCertificate(join(dir, 'a.crt'), join(dir, 'a.key'))).toEqual(a);
    await expect(loadCertificate(join(dir, 'a.crt'), join(dir, 'b.key'))).rejects.toThrow(/does not belong/);
    await expect(loadCertificate(join(dir, 'junk'), join(dir, 'a.key'))).rejects.toThrow(/certificate/);
    const err = await loadCertificate(join(dir, 'a.crt'), join(dir, 'junk')).catch((e: Error) => e);
    expect(String(err)).toMatch(/private key/);
    expect(String(err)).not.toContain('not a pem');
  });
});
