// Evidence in compliance.html: an exchange in full (a collapsed <details> with request and response,
// headers and pretty-printed bodies) for failures, one line per exchange for the other rules.

import type { Evidence } from '../../harness/model/result.ts';
import { evidenceSummary, formatDuration, isExchange, isInbound, isNote, prettyJson, truncate } from '../common.ts';
import { escapeText, h } from './escape.ts';

/** Longest body shown in full; compliance.json keeps everything. */
export const MAX_BODY_CHARS = 50_000;
/** Characters of exchanges in full the whole page may hold; past it, failures list theirs one line each. */
export const PAGE_EVIDENCE_BUDGET = 2_500_000;
/** Exchanges listed, one line each, for a rule that did not fail. */
export const MAX_SUMMARY_LINES = 12;

/** How much evidence in full the page has left; shared by every failure of one page. */
export class EvidenceBudget {
  private left: number;

  constructor(left = PAGE_EVIDENCE_BUDGET) {
    this.left = left;
  }

  get spent(): boolean {
    return this.left <= 0;
  }

  use(chars: number): void {
    this.left -= chars;
  }
}

function bodyBlock(value: unknown): string {
  if (value === undefined || value === '') return '<p class="muted small">No body.</p>';
  const text = prettyJson(value);
  const cut = text.length - MAX_BODY_CHARS;
  const more = cut > 0 ? `<p class="muted small">… ${cut} more characters in compliance.json.</p>` : '';
  return `<pre class="code"><code>${escapeText(cut > 0 ? text.slice(0, MAX_BODY_CHARS) : text)}</code></pre>${more}`;
}

function headersTable(headers: Record<string, string> | undefined): string {
  const entries = Object.entries(headers ?? {});
  if (entries.length === 0) return '<p class="muted small">No headers.</p>';
  return `<table class="kv"><tbody>${entries
    .map(([k, v]) => `<tr><th>${h(k)}</th><td>${escapeText(Array.isArray(v) ? v.join(', ') : v)}</td></tr>`)
    .join('')}</tbody></table>`;
}

function httpClass(status: number): string {
  if (status >= 500) return 'st-5';
  if (status >= 400) return 'st-4';
  if (status >= 300) return 'st-3';
  return 'st-2';
}

/** One piece of evidence in full, collapsed; the exchange a failure is about (`failing`) marked. */
export function evidenceFull(e: Evidence, i: number, failing = false): string {
  const num = `<span class="num">#${i + 1}</span>${failing ? '<span class="failing-tag">the failing exchange</span>' : ''}`;
  if (isExchange(e)) {
    const { request: req, response: res } = e;
    const outcome = res
      ? `<span class="http ${httpClass(res.status)}">${h(res.status)}</span>`
      : `<span class="http st-5">${h(e.error ? 'network error' : 'no response')}</span>`;
    const dur = e.durationMs !== undefined ? `<span class="muted small">${h(formatDuration(e.durationMs))}</span>` : '';
    const response = res
      ? `<h5>Response <span class="http ${httpClass(res.status)}">${h(res.status)}</span></h5>${headersTable(res.headers)}<h6>Body</h6>${bodyBlock(res.body !== undefined ? res.body : res.text)}`
      : `<h5>Response</h5><p class="errtext">${h(e.error ?? 'no response')}</p>`;
    return (
      `<details class="ex${failing ? ' failing" data-failing="true' : ''}"><summary>${num}<span class="method">${h(req.method)}</span><span class="url">${h(req.url)}</span>${outcome}${dur}</summary>` +
      `<div class="ex-body"><div><h5>Request</h5><p class="reqline mono">${h(req.method)} ${h(req.url)}</p>${headersTable(req.headers)}` +
      `${req.body !== undefined ? `<h6>Body</h6>${bodyBlock(req.body)}` : ''}</div><div>${response}</div></div></details>`
    );
  }
  if (isInbound(e)) {
    const ib = e.inbound;
    const sig = ib.signature
      ? `<span class="http ${ib.signature.valid ? 'st-2' : 'st-4'}">signature ${ib.signature.valid ? 'valid' : 'invalid'}</span>`
      : '';
    const ans = ib.answered !== undefined ? `<span class="muted small">answered ${h(ib.answered)}</span>` : '';
    const sigHeader =
      ib.signature?.header !== undefined ? `<p class="small">Signature header: <code>${h(ib.signature.header)}</code></p>` : '';
    return (
      `<details class="ex"><summary>${num}<span class="method inbound">INBOUND ${h(ib.method)}</span><span class="url">${h(ib.url)}</span>${sig}${ans}</summary>` +
      `<div class="ex-body one"><div><h5>Request the callback receiver got at ${h(ib.at)}</h5>${headersTable(ib.headers)}${sigHeader}` +
      `${ib.body !== undefined ? `<h6>Body</h6>${bodyBlock(ib.body)}` : ''}</div></div></details>`
    );
  }
  if (isNote(e)) return `<div class="ex note">${num} ${h(e.note)}</div>`;
  return `<div class="ex note">${num} ${h(evidenceSummary(e))}</div>`;
}

/** Evidence as one line each, at most `max` (numbered from `from`). */
export function evidenceLines(evidence: Evidence[], max = MAX_SUMMARY_LINES, from = 0): string {
  if (evidence.length === 0) return '<p class="muted small">No evidence recorded.</p>';
  const shown = evidence.slice(0, max);
  const more = evidence.length - shown.length;
  return (
    `<ol class="evlines"${from ? ` start="${from + 1}"` : ''}>${shown.map((e) => `<li>${h(truncate(evidenceSummary(e), 400))}</li>`).join('')}</ol>` +
    (more ? `<p class="muted small">… and ${more} more; compliance.json has every exchange in full.</p>` : '')
  );
}

/**
 * A failure's evidence: in full while the page's budget lasts, then one line each; the exchange the
 * failure is about (index `failing`) in full and marked, whatever the budget.
 */
export function failureEvidence(evidence: Evidence[], budget: EvidenceBudget, failing?: number): string {
  if (evidence.length === 0) return '<p class="muted small">No exchange recorded.</p>';
  const parts: string[] = [];
  let lined = false;
  for (let i = 0; i < evidence.length; i++) {
    if (i === failing) {
      const html = evidenceFull(evidence[i], i, true);
      budget.use(html.length);
      parts.push(html);
      continue;
    }
    if (budget.spent) {
      // one line each, up to the failing exchange (shown in full) or the end
      const upto = failing !== undefined && failing > i ? failing : evidence.length;
      if (!lined)
        parts.push(
          '<p class="muted small">This page holds no more exchanges in full (it would grow too large); the rest, one line each; compliance.json has them in full:</p>',
        );
      lined = true;
      parts.push(evidenceLines(evidence.slice(i, upto), upto - i, i));
      i = upto - 1;
      continue;
    }
    const html = evidenceFull(evidence[i], i);
    budget.use(html.length);
    parts.push(html);
  }
  return parts.join('');
}
