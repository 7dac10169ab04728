// A certificate for compliance.json: a SHA-256 digest over its canonical content (keys sorted, no
// whitespace, the `integrity` member left out) and, when a key is given, an Ed25519 signature of that
// digest with the public key beside it. `conform verify` recomputes both, so a receiver can tell the
// file was not edited since it was written (and, with a public key it trusts, by whom).
import { createHash, createPrivateKey, createPublicKey, sign, verify } from 'node:crypto';

export interface Integrity {
  algorithm: 'sha256';
  /** over the canonical JSON of the report without `integrity`, hex */
  digest: string;
  signature?: { algorithm: 'ed25519'; publicKey: string; value: string };
}

/** JSON with object keys sorted at every level and no whitespace (RFC 8785 for the values a report holds) */
export function canonicalJson(value: unknown): string {
  if (value === null || typeof value !== 'object') return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  const entries = Object.entries(value as Record<string, unknown>)
    .filter(([, v]) => v !== undefined)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
}

function digestOf(doc: Record<string, unknown>): string {
  const { integrity: _, ...content } = doc;
  return createHash('sha256').update(canonicalJson(content)).digest('hex');
}

/** why this PEM cannot sign compliance.json (not a private key, not Ed25519), or undefined when it can */
export function signingKeyProblem(pem: string): string | undefined {
  let key: ReturnType<typeof createPrivateKey>;
  try {
    key = createPrivateKey(pem);
  } catch (e) {
    return `not a PEM private key (${(e as Error).message})`;
  }
  return key.asymmetricKeyType === 'ed25519' ? undefined : `an ${key.asymmetricKeyType?.toUpperCase()} key, not an Ed25519 private key`;
}

/** the report with its integrity member (signed when a PEM private key is given) */
export function withIntegrity<T extends object>(report: T, signingKeyPem?: string): T & { integrity: Integrity } {
  const digest = digestOf(report as Record<string, unknown>);
  const integrity: Integrity = { algorithm: 'sha256', digest };
  if (signingKeyPem) {
    const key = createPrivateKey(signingKeyPem);
    if (key.asymmetricKeyType !== 'ed25519') throw new Error('the signing key is not an Ed25519 private key');
    integrity.signature = {
      algorithm: 'ed25519',
      publicKey: createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString(),
      value: sign(null, Buffer.from(digest, 'hex'), key).toString('base64'),
    };
  }
  return { ...report, integrity };
}

export interface Verdict {
  ok: boolean;
  /** what was checked, one line each */
  lines: string[];
}

/** checks the digest, the signature when there is one, and that it was made by `trustedPublicKeyPem` when given */
export function verifyIntegrity(doc: unknown, trustedPublicKeyPem?: string): Verdict {
  const lines: string[] = [];
  if (!doc || typeof doc !== 'object' || Array.isArray(doc)) return { ok: false, lines: ['not a JSON object'] };
  const d = doc as Record<string, unknown> & { integrity?: Integrity };
  const i = d.integrity;
  if (i?.algorithm !== 'sha256' || typeof i.digest !== 'string')
    return { ok: false, lines: ['no integrity member: not a certified compliance.json'] };
  let ok = true;
  const digest = digestOf(d);
  if (digest === i.digest) lines.push(`digest ok (sha256 ${digest.slice(0, 16)}…)`);
  else {
    ok = false;
    lines.push('digest mismatch: the content was changed after it was written');
  }
  if (i.signature) {
    try {
      const pub = createPublicKey(i.signature.publicKey);
      const good = verify(null, Buffer.from(i.digest, 'hex'), pub, Buffer.from(i.signature.value, 'base64'));
      lines.push(good ? 'Ed25519 signature ok' : 'Ed25519 signature does not match the digest');
      ok &&= good;
      if (trustedPublicKeyPem) {
        const same = createPublicKey(trustedPublicKeyPem)
          .export({ type: 'spki', format: 'der' })
          .equals(pub.export({ type: 'spki', format: 'der' }));
        lines.push(same ? 'signed by the trusted key' : 'signed by another key than the trusted one');
        ok &&= same;
      }
    } catch (e) {
      ok = false;
      lines.push(`the signature cannot be checked: ${(e as Error).message}`);
    }
  } else if (trustedPublicKeyPem) {
    ok = false;
    lines.push('not signed, but a trusted public key was given');
  } else lines.push('not signed (digest only: it shows edits, not who wrote it)');
  return { ok, lines };
}
