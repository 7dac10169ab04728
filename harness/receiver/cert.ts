// TLS material for the callback receiver: a self-signed certificate for the public host name
// (cached per host, generation is slow) or a configured certificate read from files.

import { readFile } from 'node:fs/promises';
import { isIP } from 'node:net';
import { X509Certificate, createPrivateKey, type KeyObject } from 'node:crypto';
import { generate } from 'selfsigned';

export interface TlsMaterial {
  certPem: string;
  keyPem: string;
}

const cache = new Map<string, Promise<TlsMaterial>>();

/** IPv6 literals come out of URL.hostname in brackets; strip them. */
function bareHost(host: string): string {
  const h = host.trim().toLowerCase();
  return h.startsWith('[') && h.endsWith(']') ? h.slice(1, -1) : h;
}

async function generateFor(host: string): Promise<TlsMaterial> {
  type AltName = { type: 2; value: string } | { type: 7; ip: string };
  const altNames: AltName[] = [];
  const seen = new Set<string>();
  const add = (name: string): void => {
    if (seen.has(name)) return;
    seen.add(name);
    altNames.push(isIP(name) ? { type: 7, ip: name } : { type: 2, value: name });
  };
  add(host);
  add('localhost');
  add('127.0.0.1');

  // a little slack for a target whose clock runs behind ours
  const notBeforeDate = new Date(Date.now() - 24 * 3600 * 1000);
  const notAfterDate = new Date(Date.now() + 365 * 24 * 3600 * 1000);
  const pems = await generate([{ name: 'commonName', value: host }], {
    // an EC P-256 key: made in about 10 ms where RSA-2048 took about 100 (a run makes two), and
    // cheaper at each TLS handshake; every current TLS stack takes it
    keyType: 'ec',
    curve: 'P-256',
    algorithm: 'sha256', // selfsigned's own default is SHA-1
    notBeforeDate,
    notAfterDate,
    extensions: [
      // an end-entity certificate: clients that pin it as their trust anchor accept it, and
      // strict verifiers (webpki) refuse a CA certificate used as a server certificate
      { name: 'basicConstraints', cA: false, critical: true },
      // an EC key signs; it enciphers no key (keyEncipherment is for RSA key transport)
      { name: 'keyUsage', digitalSignature: true, critical: true },
      { name: 'extKeyUsage', serverAuth: true },
      { name: 'subjectAltName', altNames },
    ],
  });
  return { certPem: pems.cert, keyPem: pems.private };
}

/**
 * A self-signed certificate for `host` (DNS name or IP literal), also valid for `localhost`
 * and 127.0.0.1. The same host gets the same certificate for the life of the process.
 */
export function createCertificate(host: string): Promise<TlsMaterial> {
  const key = bareHost(host);
  if (key === '') return Promise.reject(new Error('createCertificate: empty host name'));
  let p = cache.get(key);
  if (!p) {
    p = generateFor(key);
    cache.set(key, p);
    // a failed generation is not cached
    p.catch(() => {
      if (cache.get(key) === p) cache.delete(key);
    });
  }
  return p;
}

/** Reads a PEM certificate (chain) and private key; both are parsed once so a bad file fails here. */
export async function loadCertificate(certFile: string, keyFile: string): Promise<TlsMaterial> {
  const [certPem, keyPem] = await Promise.all([readFile(certFile, 'utf8'), readFile(keyFile, 'utf8')]);
  let cert: X509Certificate;
  try {
    cert = new X509Certificate(certPem);
  } catch {
    throw new Error(`loadCertificate: ${certFile} does not hold a PEM certificate`);
  }
  let key: KeyObject;
  try {
    key = createPrivateKey(keyPem);
  } catch {
    // the key's content is never put into the message
    throw new Error(`loadCertificate: ${keyFile} does not hold an unencrypted PEM private key`);
  }
  if (!cert.checkPrivateKey(key)) {
    throw new Error(`loadCertificate: the key in ${keyFile} does not belong to the certificate in ${certFile}`);
  }
  return { certPem, keyPem };
}
