// A failed call in plain words: which stage failed (connect, TLS, headers, body) and why, with a
// short code kept for searching. Raw OpenSSL text ("error:0A000086:SSL routines::certificate
// verify failed") never reaches the user.

export interface FailedCall {
  code: string;
  message: string;
}

const UNTRUSTED = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'ERR_SSL_TLSV1_ALERT_UNKNOWN_CA',
]);

const PLAIN: Record<string, string> = {
  ECONNREFUSED: 'connection refused',
  ECONNRESET: 'the connection was reset',
  EPIPE: 'the connection was closed while sending',
  ENOTFOUND: 'host name not found',
  EAI_AGAIN: 'host name lookup failed',
  EHOSTUNREACH: 'host unreachable',
  ENETUNREACH: 'network unreachable',
  UND_ERR_SOCKET: 'the target closed the connection',
  UND_ERR_CLOSED: 'the connection was closed',
};

/** The short OpenSSL reason of a message like "error:0A000086:SSL routines::certificate verify failed". */
function opensslReason(message: string): { hex: string; reason: string } | undefined {
  const m = /error:([0-9A-Fa-f]{8}):SSL routines:[^:]*:([^\n]+)/.exec(message);
  return m ? { hex: m[1].toUpperCase(), reason: m[2].trim().toLowerCase() } : undefined;
}

function tlsWording(code: string, message: string): string | undefined {
  if (code === 'CERT_HAS_EXPIRED') return `TLS: the target's certificate has expired (${code})`;
  if (code === 'CERT_NOT_YET_VALID') return `TLS: the target's certificate is not valid yet (${code})`;
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') return `TLS: the target's certificate does not name this host (hostname mismatch, ${code})`;
  if (UNTRUSTED.has(code)) return `TLS: the target's certificate is not trusted (${code})`;
  const ssl = opensslReason(message);
  if (!ssl && !code.startsWith('ERR_SSL_') && code !== 'EPROTO') return undefined;
  const short = ssl ? `SSL ${ssl.hex}` : code;
  const reason = ssl?.reason ?? code.slice('ERR_SSL_'.length).toLowerCase().replace(/_/g, ' ');
  if (/certificate verify failed|unknown ca|bad certificate/.test(reason)) return `TLS: the target's certificate is not trusted (${short})`;
  if (/wrong version number|packet length too long|http request|record layer failure/.test(reason))
    return `TLS: the handshake failed: the port does not seem to speak TLS (${short})`;
  return `TLS: the handshake failed (${short}: ${reason})`;
}

/**
 * The error of a call that got no (complete) answer. `answered`: the status line and headers had
 * arrived, so a timeout is the body's. `timedOut`: the call's own time limit fired.
 */
export function describeFailure(err: Error & { code?: unknown }, timeoutMs: number, answered: boolean): FailedCall {
  const cause = (err.cause ?? {}) as { code?: unknown; message?: unknown };
  const code = typeof err.code === 'string' ? err.code : typeof cause.code === 'string' ? cause.code : err.name;
  const message = `${err.message} ${typeof cause.message === 'string' ? cause.message : ''}`;
  const timedOut = code === 'TimeoutError' || code === 'UND_ERR_HEADERS_TIMEOUT' || code === 'UND_ERR_BODY_TIMEOUT';
  if (timedOut && (answered || code === 'UND_ERR_BODY_TIMEOUT'))
    return { code: 'BODY_TIMEOUT', message: `the answer's body did not arrive within ${timeoutMs} ms` };
  if (timedOut) return { code: 'TIMEOUT', message: `no answer within ${timeoutMs} ms` };
  if (code === 'UND_ERR_CONNECT_TIMEOUT') return { code, message: `no connection within ${Math.min(timeoutMs, 10_000)} ms (${code})` };
  const tls = tlsWording(code, message);
  if (tls) return { code, message: tls };
  if (PLAIN[code]) return { code, message: `${PLAIN[code]} (${code})${answered ? ' while the body was arriving' : ''}` };
  return { code, message: `${code}: ${err.message.split('\n')[0]}` };
}

/** A handshake the callback receiver saw fail, from the receiver's side (the target is the client). */
export function describeReceiverTls(message: string): string {
  const ssl = opensslReason(message);
  if (!ssl) return message.split('\n')[0];
  if (/certificate unknown|unknown ca|bad certificate|certificate verify failed/.test(ssl.reason))
    return `the target did not trust the receiver's certificate (SSL ${ssl.hex})`;
  return `the handshake failed (SSL ${ssl.hex}: ${ssl.reason})`;
}

/** a handshake the peer broke off without a TLS alert: it hung up (or reset the connection) mid-way */
const HUNG_UP = /socket hang up|ECONNRESET|disconnected before secure TLS connection was established/i;

/**
 * What a note asks about handshakes the receiver saw fail (`messages`, first first). A peer that
 * hung up without an alert may not trust the certificate, or may have given up waiting: its own
 * time limit ran out before the receiver answered (this process answers slowly under a heavy load,
 * such as a high --concurrency against a local target).
 */
export function receiverTlsQuestion(messages: readonly string[], host: string): string {
  const trust = `does the target trust the receiver's certificate (receiver.tls, or verification off for ${host})`;
  if (!messages.length || !messages.every((m) => HUNG_UP.test(m))) return `${trust}?`;
  return `the target closed the connection before the handshake ended: ${trust}, or did it give up waiting (its own time limit; under a heavy load, such as a high --concurrency against a local target, the receiver answers slowly)?`;
}
