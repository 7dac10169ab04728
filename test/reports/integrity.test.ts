// compliance.json carries a SHA-256 digest over its canonical content, and an Ed25519 signature when
// a key is given; verifying finds one edited status, a signature by another key, a missing member.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { canonicalJson, verifyIntegrity, withIntegrity, writeReports } from '../../reports/index.ts';
import { sampleReport } from './sample.ts';

const keys = () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  return {
    priv: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    pub: publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
};

describe('the compliance.json certificate', () => {
  test('canonical JSON sorts keys at every level and drops undefined members', () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { z: 1, y: undefined, x: 'é' }], c: null } })).toBe(
      '{"a":{"c":null,"d":[1,{"x":"é","z":1}]},"b":1}',
    );
  });

  test('a written compliance.json verifies; one status edited does not', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'conform-cert-'));
    await writeReports(sampleReport(), { dir, secrets: [], formats: ['json'] });
    const doc = JSON.parse(readFileSync(join(dir, 'compliance.json'), 'utf8'));
    expect(doc.integrity.algorithm).toBe('sha256');
    expect(verifyIntegrity(doc).ok).toBe(true);
    const edited = structuredClone(doc);
    const failed = edited.rules.findIndex((r: { status: string }) => r.status === 'failed');
    edited.rules[failed].status = 'passed';
    const v = verifyIntegrity(edited);
    expect(v.ok).toBe(false);
    expect(v.lines.join(' ')).toMatch(/digest mismatch/);
    // re-indenting the file does not matter: the digest is over the canonical content
    expect(verifyIntegrity(JSON.parse(JSON.stringify(doc))).ok).toBe(true);
  });

  test('signed with an Ed25519 key: verifies, also against that public key; not against another key; an edit breaks it', () => {
    const k = keys();
    const other = keys();
    const doc = JSON.parse(JSON.stringify(withIntegrity(sampleReport(), k.priv)));
    expect(verifyIntegrity(doc).ok).toBe(true);
    expect(verifyIntegrity(doc, k.pub).ok).toBe(true);
    expect(verifyIntegrity(doc, other.pub).ok).toBe(false);
    // an attacker who edits and re-digests still cannot sign with the trusted key
    const forged = withIntegrity({ ...doc, integrity: undefined, seed: 1 }, other.priv);
    expect(verifyIntegrity(JSON.parse(JSON.stringify(forged)), k.pub).ok).toBe(false);
    expect(verifyIntegrity({ ...doc, seed: 7 }).ok).toBe(false);
    expect(verifyIntegrity(JSON.parse(JSON.stringify(withIntegrity(sampleReport()))), k.pub).ok).toBe(false);
    expect(verifyIntegrity({ rules: [] }).ok).toBe(false);
  });

  test('a key that is not Ed25519 is refused', () => {
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    expect(() => withIntegrity(sampleReport(), privateKey.export({ type: 'pkcs8', format: 'pem' }).toString())).toThrow(/Ed25519/);
  });
});
