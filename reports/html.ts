// compliance.html: one self-contained page (inline CSS and JS, no external resources).

import type { Evidence, Observation, RuleResult, RuleStatus, RunReport } from '../harness/model/result.ts';
import {
  STATUS_LABEL,
  byStatus,
  targetAddresses,
  evidenceSummary,
  formatDuration,
  groupRules,
  isExchange,
  isInbound,
  isNote,
  observationsFor,
  prettyJson,
  reproduceCommand,
  runDurationMs,
  truncate,
} from './common.ts';

/** Longest body shown in the page; compliance.json keeps everything. */
const MAX_BODY_CHARS = 100_000;

export function escapeHtml(value: unknown): string {
  return String(value ?? '')
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

const h = escapeHtml;

const STATUS_CLASS: Record<RuleStatus, string> = {
  failed: 's-failed',
  passed: 's-passed',
  'not-checkable': 's-nc',
  waived: 's-waived',
  observed: 's-observed',
  error: 's-failed',
  'not-run': 's-nc',
};

function pill(status: RuleStatus): string {
  return `<span class="pill ${STATUS_CLASS[status]}">${h(STATUS_LABEL[status])}</span>`;
}

function code(value: unknown, cls = ''): string {
  return `<pre class="code${cls ? ` ${cls}` : ''}"><code>${h(truncate(prettyJson(value), MAX_BODY_CHARS))}</code></pre>`;
}

function headersTable(headers: Record<string, string> | undefined): string {
  const entries = Object.entries(headers ?? {});
  if (entries.length === 0) return '<p class="muted small">No headers.</p>';
  return (
    '<table class="kv"><tbody>' +
    entries.map(([k, v]) => `<tr><th>${h(k)}</th><td>${h(Array.isArray(v) ? v.join(', ') : v)}</td></tr>`).join('') +
    '</tbody></table>'
  );
}

function httpStatusClass(status: number): string {
  if (status >= 500) return 'st-5';
  if (status >= 400) return 'st-4';
  if (status >= 300) return 'st-3';
  return 'st-2';
}

function evidenceBlock(e: Evidence, i: number): string {
  if (isExchange(e)) {
    const req = e.request;
    const res = e.response;
    const outcome = res
      ? `<span class="http ${httpStatusClass(res.status)}">${h(res.status)}</span>`
      : `<span class="http st-5">${h(e.error ? 'network error' : 'no response')}</span>`;
    const dur = e.durationMs !== undefined ? `<span class="muted small">${h(formatDuration(e.durationMs))}</span>` : '';
    let right: string;
    if (res) {
      const body =
        res.body !== undefined ? code(res.body) : res.text !== undefined ? code(res.text, 'raw') : '<p class="muted small">No body.</p>';
      right = `<h5>Response</h5>${headersTable(res.headers)}<h6>Body</h6>${body}`;
    } else {
      right = `<h5>Response</h5><p class="errtext">${h(e.error ?? 'no response')}</p>`;
    }
    const reqBody = req.body !== undefined ? `<h6>Body</h6>${code(req.body)}` : '';
    return (
      `<div class="ev"><div class="ev-head"><span class="num">#${i + 1}</span><span class="method">${h(req.method)}</span>` +
      `<span class="url">${h(req.url)}</span>${outcome}${dur}</div>` +
      `<div class="ev-body"><div><h5>Request</h5>${headersTable(req.headers)}${reqBody}</div><div>${right}</div></div></div>`
    );
  }
  if (isInbound(e)) {
    const ib = e.inbound;
    const sig = ib.signature
      ? `<span class="http ${ib.signature.valid ? 'st-2' : 'st-4'}">signature ${ib.signature.valid ? 'valid' : 'invalid'}</span>`
      : '';
    const ans = ib.answered !== undefined ? `<span class="muted small">answered ${h(ib.answered)}</span>` : '';
    const body = ib.body !== undefined ? `<h6>Body</h6>${code(ib.body)}` : '';
    const sigHeader =
      ib.signature?.header !== undefined ? `<p class="small">Signature header: <code>${h(ib.signature.header)}</code></p>` : '';
    return (
      `<div class="ev"><div class="ev-head"><span class="num">#${i + 1}</span><span class="method inbound">INBOUND ${h(ib.method)}</span>` +
      `<span class="url">${h(ib.url)}</span>${sig}${ans}<span class="muted small">${h(ib.at)}</span></div>` +
      `<div class="ev-body one"><div><h5>Request received by the callback receiver</h5>${headersTable(ib.headers)}${sigHeader}${body}</div></div></div>`
    );
  }
  if (isNote(e)) {
    return `<div class="ev note"><span class="num">#${i + 1}</span> ${h(e.note)}</div>`;
  }
  return `<div class="ev"><div class="ev-head"><span class="num">#${i + 1}</span>${h(evidenceSummary(e))}</div>${code(e)}</div>`;
}

function observationsTable(obs: Observation[], withRule: boolean): string {
  return (
    `<table class="obs"><thead><tr><th>Topic</th><th>Seen</th>${withRule ? '<th>Rule</th>' : ''}</tr></thead><tbody>` +
    obs
      .map(
        (o) =>
          `<tr><td>${h(o.topic)}</td><td><code>${h(o.seen)}</code></td>${withRule ? `<td>${o.ruleId ? `<span class="mono">${h(o.ruleId)}</span>` : '<span class="muted">–</span>'}</td>` : ''}</tr>`,
      )
      .join('') +
    '</tbody></table>'
  );
}

function ruleDetail(r: RuleResult, report: RunReport): string {
  const rows: [string, string][] = [
    ['Status', pill(r.status)],
    ['Level', h(r.level)],
    ['Source', h(r.source)],
    ['Suite / area', `${h(r.suite)} / ${h(r.area)}`],
    ['Duration', h(formatDuration(r.durationMs))],
  ];
  if (r.reason) rows.push([r.status === 'waived' ? 'Waiver' : 'Reason', `<span class="reason">${h(r.reason)}</span>`]);
  if (r.property) {
    rows.push(['Property run', `seed <code>${h(r.property.seed)}</code>, ${h(r.property.runs)} runs`]);
    if (r.property.counterexample)
      rows.push(['Counterexample', `<pre class="code inline"><code>${h(r.property.counterexample)}</code></pre>`]);
  }
  if (r.status === 'failed' || r.property?.reproduce) {
    rows.push(['Reproduce', `<pre class="code inline cmd"><code>${h(reproduceCommand(r, report))}</code></pre>`]);
  }
  const obs = observationsFor(report, r.id);
  const evidence =
    r.evidence.length === 0 ? '<p class="muted small">No evidence recorded.</p>' : r.evidence.map((e, i) => evidenceBlock(e, i)).join('');
  return (
    '<div class="detail-inner">' +
    `<dl class="facts">${rows.map(([k, v]) => `<dt>${h(k)}</dt><dd>${v}</dd>`).join('')}</dl>` +
    (obs.length ? `<h4>Observations</h4>${observationsTable(obs, false)}` : '') +
    `<h4>Evidence <span class="muted">(${r.evidence.length})</span></h4>${evidence}` +
    '</div>'
  );
}

function ruleRows(r: RuleResult, report: RunReport, idx: number): string {
  const search = [r.id, r.title, r.source, r.reason ?? '', r.suite, r.area, r.level].join(' ').toLowerCase();
  const detailId = `d${idx}`;
  const reason = r.reason ? `<div class="sub">${h(truncate(r.reason, 300))}</div>` : '';
  return (
    `<tr class="rule ${STATUS_CLASS[r.status]}" id="r${idx}" data-status="${h(r.status)}" data-search="${h(search)}" data-detail="${detailId}">` +
    `<td class="c-status"><button type="button" class="toggle" aria-expanded="false" aria-controls="${detailId}" title="Show evidence"><span class="chev" aria-hidden="true">▸</span></button>${pill(r.status)}</td>` +
    `<td class="c-id mono">${h(r.id)}</td>` +
    `<td class="c-title">${h(r.title)}${reason}</td>` +
    `<td class="c-level"><span class="lvl lvl-${h(r.level.toLowerCase())}">${h(r.level)}</span></td>` +
    `<td class="c-source small">${h(r.source)}</td>` +
    `<td class="c-time small">${h(formatDuration(r.durationMs))}</td>` +
    '</tr>' +
    `<tr class="detail" id="${detailId}"><td colspan="6">${ruleDetail(r, report)}</td></tr>`
  );
}

export function renderHtml(report: RunReport): string {
  const s = report.summary;
  const total = report.rules.length;
  const stale = report.staleWaivers ?? [];
  const compliant = s.failed === 0 && stale.length === 0;
  const pct = (n: number) => (total === 0 ? 0 : (n / total) * 100);

  const cards: { key: RuleStatus | 'all'; label: string; n: number; cls: string }[] = [
    { key: 'all', label: 'Rules', n: total, cls: 'c-all' },
    { key: 'failed', label: 'Failed', n: s.failed, cls: 's-failed' },
    { key: 'passed', label: 'Passed', n: s.passed, cls: 's-passed' },
    { key: 'not-checkable', label: 'Not checkable', n: s.notCheckable, cls: 's-nc' },
    { key: 'waived', label: 'Waived', n: s.waived, cls: 's-waived' },
    { key: 'observed', label: 'Observed', n: s.observed, cls: 's-observed' },
  ];

  const meta: [string, string][] = [
    ['Target', report.target.name],
    ...targetAddresses(report),
    ['Started', report.startedAt],
    ['Finished', report.finishedAt],
    ['Duration', formatDuration(runDurationMs(report))],
    ['Seed', String(report.seed)],
    ['Property runs', String(report.runs)],
    ['Harness', `conform ${report.harnessVersion}`],
  ];

  const bar = (['failed', 'passed', 'not-checkable', 'waived', 'observed'] as RuleStatus[])
    .map((st) => {
      const n = report.rules.filter((r) => r.status === st).length;
      return n
        ? `<span class="seg ${STATUS_CLASS[st]}" style="width:${pct(n).toFixed(3)}%" title="${h(`${STATUS_LABEL[st]}: ${n}`)}"></span>`
        : '';
    })
    .join('');

  let idx = 0;
  const rowIndex = new Map<RuleResult, number>();
  const groups = groupRules(report.rules)
    .map((g) => {
      const counts = (['failed', 'passed', 'not-checkable', 'waived', 'observed'] as RuleStatus[])
        .map((st) => {
          const n = g.rules.filter((r) => r.status === st).length;
          return n ? `<span class="mini ${STATUS_CLASS[st]}">${n} ${h(STATUS_LABEL[st].toLowerCase())}</span>` : '';
        })
        .join('');
      return (
        `<tbody class="group"><tr class="group-row"><th colspan="6"><span class="g-suite">${h(g.suite)}</span><span class="g-sep">/</span><span class="g-area">${h(g.area)}</span><span class="g-counts">${counts}</span></th></tr>` +
        byStatus(g.rules)
          .map((r) => {
            rowIndex.set(r, idx);
            return ruleRows(r, report, idx++);
          })
          .join('') +
        '</tbody>'
      );
    })
    .join('');

  const failedRules = report.rules.filter((r) => r.status === 'failed');
  const failedHtml = failedRules.length
    ? `<section class="failures"><h2>Failed rules <span class="muted">(${failedRules.length})</span></h2><ul>${failedRules
        .map(
          (r) =>
            `<li><button type="button" class="jump" data-jump="r${rowIndex.get(r)}"><span class="mono">${h(r.id)}</span> ${h(r.title)}</button>` +
            `<div class="why">${h(truncate(r.reason ?? '(no reason given)', 400))}</div>` +
            `<div class="repro"><code>${h(reproduceCommand(r, report))}</code></div></li>`,
        )
        .join('')}</ul></section>`
    : '';

  const staleHtml = stale.length
    ? `<section class="alert"><h3>Stale waivers</h3><p>These waivers no longer match a failing rule; they fail the run until they are removed.</p><ul>${stale
        .map((w) => `<li><span class="mono">${h(w.id)}</span>${w.note ? ` — ${h(w.note)}` : ''}</li>`)
        .join('')}</ul></section>`
    : '';

  const notCheckable = report.rules.filter((r) => r.status === 'not-checkable');
  const ncByReason = new Map<string, string[]>();
  for (const r of notCheckable) {
    const reason = r.reason ?? '(no reason given)';
    ncByReason.set(reason, [...(ncByReason.get(reason) ?? []), r.id]);
  }
  const ncHtml = ncByReason.size
    ? `<section><h2>Not checkable on this target</h2><table class="obs"><thead><tr><th>Reason</th><th>Rules</th></tr></thead><tbody>${[
        ...ncByReason,
      ]
        .map(([reason, ids]) => `<tr><td>${h(reason)}</td><td class="mono small">${ids.map(h).join(', ')}</td></tr>`)
        .join('')}</tbody></table></section>`
    : '';

  const obsHtml = report.observations.length
    ? observationsTable(report.observations, true)
    : '<p class="muted">No observations recorded.</p>';

  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:">
<meta name="referrer" content="no-referrer">
<meta name="generator" content="conform ${h(report.harnessVersion)}">
<title>Conformance report — ${h(report.target.name)}</title>
<script>document.documentElement.classList.add('js');</script>
<style>${CSS}</style>
</head>
<body>
<header class="top">
  <div class="top-inner">
    <div>
      <div class="brand">conform · conformance report</div>
      <h1>${h(report.target.name)}</h1>
      <div class="sub-h">${h(report.startedAt)} · ${h(formatDuration(runDurationMs(report)))} · seed ${h(report.seed)}</div>
    </div>
    <div class="verdict ${compliant ? 'ok' : 'bad'}">${compliant ? 'COMPLIANT' : 'NOT COMPLIANT'}<small>${s.failed} failed · ${s.passed} passed of ${total}</small></div>
  </div>
</header>
<main>
<section class="meta"><dl>${meta.map(([k, v]) => `<div><dt>${h(k)}</dt><dd>${h(v)}</dd></div>`).join('')}</dl></section>
<section class="cards">${cards
    .map(
      (c) =>
        `<button type="button" class="card ${c.cls}" data-filter="${c.key}"><span class="n">${c.n}</span><span class="l">${h(c.label)}</span>${c.key === 'all' ? '' : `<span class="p">${pct(c.n).toFixed(0)}%</span>`}</button>`,
    )
    .join('')}</section>
<div class="bar" role="img" aria-label="${h(`${s.failed} failed, ${s.passed} passed, ${s.notCheckable} not checkable, ${s.waived} waived, ${s.observed} observed`)}">${bar}</div>
${staleHtml}
${failedHtml}
<section>
<h2>Rules</h2>
<div class="toolbar">
  <div class="filters" role="group" aria-label="Filter by status">
    <button type="button" class="fbtn active" data-filter="all">All <b>${total}</b></button>
    <button type="button" class="fbtn s-failed" data-filter="failed">Failed <b>${s.failed}</b></button>
    <button type="button" class="fbtn s-passed" data-filter="passed">Passed <b>${s.passed}</b></button>
    <button type="button" class="fbtn s-nc" data-filter="not-checkable">Not checkable <b>${s.notCheckable}</b></button>
    <button type="button" class="fbtn s-waived" data-filter="waived">Waived <b>${s.waived}</b></button>
    <button type="button" class="fbtn s-observed" data-filter="observed">Observed <b>${s.observed}</b></button>
  </div>
  <div class="tools">
    <input type="search" id="q" placeholder="Search id, title, source, reason…" aria-label="Search rules">
    <button type="button" class="tbtn" id="expand">Expand all</button>
    <button type="button" class="tbtn" id="collapse">Collapse all</button>
  </div>
</div>
<table class="rules">
<thead><tr><th class="c-status">Status</th><th class="c-id">Rule</th><th>Title</th><th class="c-level">Level</th><th class="c-source">Source</th><th class="c-time">Time</th></tr></thead>
${groups}
</table>
<p class="empty" id="empty" hidden>No rule matches this filter.</p>
</section>
${ncHtml}
<section>
<h2>Observations</h2>
<p class="muted small">What the target does where the documents leave the behaviour open. Observations never fail a run.</p>
${obsHtml}
</section>
</main>
<footer>Generated by conform ${h(report.harnessVersion)} · ${h(report.finishedAt)} · secrets are redacted before this file is written</footer>
<script>${JS}</script>
</body>
</html>
`;
}

const CSS = `
:root{--bg:#f6f7f9;--panel:#fff;--text:#1d2330;--muted:#6b7385;--line:#e3e6ec;--head:#0f172a;
--fail:#c62828;--fail-bg:#fdecec;--pass:#1b7f3b;--pass-bg:#e6f4ea;--nc:#5f6675;--nc-bg:#eef0f3;
--waive:#a15c00;--waive-bg:#fff3dc;--obs:#1f5fbf;--obs-bg:#e7effc;--code:#f3f4f7;--accent:#3b5bdb}
@media (prefers-color-scheme:dark){:root{--bg:#0f131a;--panel:#171c25;--text:#e3e7ef;--muted:#97a0b3;--line:#2a3140;--head:#0a0d12;
--fail:#ff6b6b;--fail-bg:#3a1d20;--pass:#4cc679;--pass-bg:#163024;--nc:#a4abb9;--nc-bg:#262c37;--waive:#f0b44c;--waive-bg:#3a2d14;
--obs:#74a7ff;--obs-bg:#1a2a45;--code:#11151c;--accent:#8da2ff}}
*{box-sizing:border-box}
[hidden]{display:none!important}
html{-webkit-text-size-adjust:100%}
body{margin:0;background:var(--bg);color:var(--text);font:14px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,sans-serif}
code,pre,.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:12.5px}
h1{margin:2px 0 4px;font-size:26px;font-weight:650;letter-spacing:-.01em}
h2{font-size:18px;margin:28px 0 12px}
h4{margin:18px 0 8px;font-size:14px}
h5{margin:0 0 6px;font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted)}
h6{margin:10px 0 4px;font-size:12px;color:var(--muted);font-weight:600}
.muted{color:var(--muted)}.small{font-size:12px}
.top{background:var(--head);color:#fff;padding:26px 0 22px}
.top-inner,main,footer{max-width:1280px;margin:0 auto;padding:0 24px}
.top-inner{display:flex;justify-content:space-between;align-items:center;gap:24px;flex-wrap:wrap}
.brand{font-size:12px;text-transform:uppercase;letter-spacing:.12em;opacity:.7}
.sub-h{opacity:.75;font-size:13px}
.verdict{padding:12px 20px;border-radius:10px;font-weight:700;font-size:18px;letter-spacing:.04em;text-align:center}
.verdict small{display:block;font-weight:500;font-size:12px;letter-spacing:0;opacity:.9}
.verdict.ok{background:#1b7f3b}.verdict.bad{background:#c62828}
.meta{margin-top:20px;background:var(--panel);border:1px solid var(--line);border-radius:10px;padding:14px 18px}
.meta dl{margin:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(210px,1fr));gap:10px 24px}
.meta dt{font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted)}
.meta dd{margin:0;word-break:break-all}
.cards{display:grid;grid-template-columns:repeat(auto-fit,minmax(140px,1fr));gap:12px;margin-top:16px}
.card{all:unset;cursor:pointer;background:var(--panel);border:1px solid var(--line);border-left:5px solid var(--c,var(--accent));border-radius:10px;padding:12px 16px;display:flex;flex-direction:column;transition:transform .08s,box-shadow .08s}
.card:hover,.card:focus-visible{transform:translateY(-1px);box-shadow:0 3px 10px rgba(0,0,0,.08)}
.card:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
.card .n{font-size:28px;font-weight:700;line-height:1.1;color:var(--c,var(--text))}
.card .l{font-size:12px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted)}
.card .p{font-size:12px;color:var(--muted)}
.s-failed{--c:var(--fail);--cb:var(--fail-bg)}.s-passed{--c:var(--pass);--cb:var(--pass-bg)}.s-nc{--c:var(--nc);--cb:var(--nc-bg)}
.s-waived{--c:var(--waive);--cb:var(--waive-bg)}.s-observed{--c:var(--obs);--cb:var(--obs-bg)}
.bar{display:flex;height:10px;border-radius:6px;overflow:hidden;margin:14px 0 4px;background:var(--line)}
.bar .seg{background:var(--c)}
.alert{margin-top:18px;border:1px solid var(--fail);background:var(--fail-bg);border-radius:10px;padding:10px 16px}
.alert h3{margin:4px 0;color:var(--fail)}
.failures{margin-top:18px;background:var(--panel);border:1px solid var(--line);border-left:5px solid var(--fail);border-radius:10px;padding:4px 18px 10px}
.failures h2{margin:12px 0 8px;color:var(--fail)}
.failures ul{list-style:none;margin:0;padding:0}
.failures li{padding:8px 0;border-top:1px solid var(--line)}
.failures li:first-child{border-top:0}
.jump{all:unset;cursor:pointer;font-weight:600}
.jump:hover{text-decoration:underline}.jump:focus-visible{outline:2px solid var(--accent)}
.jump .mono{color:var(--fail);margin-right:6px}
.why{color:var(--fail);font-size:13px;margin-top:2px;white-space:pre-wrap;word-break:break-word}
.repro code{font-size:12px;color:var(--muted)}
.toolbar{display:flex;justify-content:space-between;gap:12px;flex-wrap:wrap;align-items:center;margin-bottom:10px}
.filters{display:flex;gap:6px;flex-wrap:wrap}
.fbtn,.tbtn{font:inherit;font-size:13px;cursor:pointer;border:1px solid var(--line);background:var(--panel);color:var(--text);border-radius:999px;padding:5px 12px}
.fbtn b{font-weight:650;margin-left:4px;color:var(--c,var(--muted))}
.fbtn.active{background:var(--c,var(--accent));border-color:var(--c,var(--accent));color:var(--panel)}
.fbtn.active b{color:var(--panel)}
.tbtn{border-radius:6px}
.fbtn:focus-visible,.tbtn:focus-visible,.toggle:focus-visible{outline:2px solid var(--accent);outline-offset:1px}
.tools{display:flex;gap:6px;align-items:center}
#q{font:inherit;font-size:13px;padding:5px 10px;border:1px solid var(--line);border-radius:6px;background:var(--panel);color:var(--text);min-width:260px}
table{border-collapse:collapse;width:100%}
table.rules{background:var(--panel);border:1px solid var(--line);border-radius:10px;overflow:hidden;table-layout:fixed}
table.rules thead th{text-align:left;font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);padding:9px 10px;border-bottom:1px solid var(--line);background:var(--panel)}
.c-status{width:190px}.c-id{width:140px}.c-level{width:104px}.c-source{width:24%}.c-time{width:80px;text-align:right}
.group-row th{text-align:left;padding:10px;background:var(--code);border-top:1px solid var(--line);border-bottom:1px solid var(--line);font-size:13px}
.g-suite{font-weight:700}.g-sep{margin:0 6px;color:var(--muted)}.g-area{font-weight:600}
.g-counts{float:right;display:flex;gap:6px}
.mini{font-size:11px;font-weight:600;color:var(--c);background:var(--cb);padding:1px 8px;border-radius:999px}
tr.rule td{padding:8px 10px;border-bottom:1px solid var(--line);vertical-align:top;word-wrap:break-word}
tr.rule{cursor:pointer}
tr.rule:hover td{background:color-mix(in srgb,var(--cb) 45%,transparent)}
tr.rule.s-failed td:first-child{box-shadow:inset 4px 0 0 var(--fail)}
td.c-time{text-align:right;color:var(--muted)}
.sub{font-size:12px;color:var(--muted);margin-top:2px}
tr.rule.s-failed .sub{color:var(--fail)}
.toggle{all:unset;cursor:pointer;display:inline-block;width:18px;color:var(--muted)}
.chev{display:inline-block;transition:transform .12s}
tr.rule.open .chev{transform:rotate(90deg)}
.pill{display:inline-block;font-size:11px;font-weight:700;letter-spacing:.04em;padding:2px 9px;border-radius:999px;color:var(--c);background:var(--cb);white-space:nowrap}
.lvl{font-size:11px;font-weight:700;padding:1px 7px;border-radius:4px;border:1px solid var(--line)}
.lvl-must{color:var(--text)}.lvl-observe{color:var(--obs)}
.js tr.detail{display:none}
.js tr.detail.open{display:table-row}
tr.detail>td{background:var(--bg);border-bottom:1px solid var(--line);padding:0}
.detail-inner{padding:14px 18px 18px}
dl.facts{display:grid;grid-template-columns:140px 1fr;gap:6px 14px;margin:0}
dl.facts dt{color:var(--muted);font-size:12px;padding-top:2px}
dl.facts dd{margin:0;min-width:0}
.reason{white-space:pre-wrap;word-break:break-word}
tr.rule.s-failed+tr.detail .reason{color:var(--fail);font-weight:600}
pre.code{background:var(--code);border:1px solid var(--line);border-radius:6px;padding:10px 12px;margin:0;max-height:420px;overflow:auto;white-space:pre-wrap;word-break:break-all}
pre.code.inline{padding:6px 10px;max-height:none}
pre.code.cmd{font-weight:600}
.ev{background:var(--panel);border:1px solid var(--line);border-radius:8px;margin:10px 0;overflow:hidden}
.ev.note{padding:10px 12px}
.ev-head{display:flex;gap:10px;align-items:center;padding:8px 12px;border-bottom:1px solid var(--line);flex-wrap:wrap}
.ev-head .url{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px;word-break:break-all;flex:1;min-width:200px}
.num{color:var(--muted);font-size:12px}
.method{font-weight:700;font-size:12px;background:var(--code);border:1px solid var(--line);border-radius:4px;padding:1px 6px}
.method.inbound{color:var(--obs)}
.http{font-weight:700;font-size:12px;border-radius:4px;padding:1px 7px}
.st-2{color:var(--pass);background:var(--pass-bg)}.st-3{color:var(--obs);background:var(--obs-bg)}
.st-4{color:var(--waive);background:var(--waive-bg)}.st-5{color:var(--fail);background:var(--fail-bg)}
.ev-body{display:grid;grid-template-columns:1fr 1fr;gap:14px;padding:12px}
.ev-body.one{grid-template-columns:1fr}
.ev-body>div{min-width:0}
@media (max-width:900px){.ev-body{grid-template-columns:1fr}.c-source{display:none}table.rules td.c-source{display:none}}
table.kv{font-size:12px;margin-bottom:4px}
table.kv th{text-align:left;font-weight:600;color:var(--muted);padding:2px 10px 2px 0;white-space:nowrap;vertical-align:top;width:1%}
table.kv td{padding:2px 0;word-break:break-all;font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace}
.errtext{color:var(--fail);font-weight:600}
table.obs{background:var(--panel);border:1px solid var(--line);border-radius:8px;overflow:hidden}
table.obs th{text-align:left;font-size:11px;text-transform:uppercase;letter-spacing:.06em;color:var(--muted);padding:8px 10px;border-bottom:1px solid var(--line)}
table.obs td{padding:7px 10px;border-bottom:1px solid var(--line);vertical-align:top;word-break:break-word}
table.obs tr:last-child td{border-bottom:0}
.empty{padding:16px;text-align:center;color:var(--muted)}
footer{color:var(--muted);font-size:12px;padding:28px 24px 40px}
@media print{.toolbar,.toggle,.repro{display:none}.js tr.detail{display:table-row}.top{background:none;color:var(--text)}body{background:#fff}
pre.code{max-height:none}.card{break-inside:avoid}}
`;

const JS = `
(function(){
  var filter='all', q='';
  var rows=[].slice.call(document.querySelectorAll('tr.rule'));
  var groups=[].slice.call(document.querySelectorAll('tbody.group'));
  var btns=[].slice.call(document.querySelectorAll('[data-filter]'));
  var empty=document.getElementById('empty');
  function detailOf(r){return document.getElementById(r.getAttribute('data-detail'));}
  function setOpen(r,open){
    var d=detailOf(r); r.classList.toggle('open',open); if(d) d.classList.toggle('open',open);
    var b=r.querySelector('.toggle'); if(b) b.setAttribute('aria-expanded',open?'true':'false');
  }
  function apply(){
    var any=false;
    rows.forEach(function(r){
      var ok=(filter==='all'||r.getAttribute('data-status')===filter)&&(!q||r.getAttribute('data-search').indexOf(q)!==-1);
      r.hidden=!ok; var d=detailOf(r); if(d) d.hidden=!ok; if(ok) any=true;
    });
    groups.forEach(function(g){g.hidden=!g.querySelector('tr.rule:not([hidden])');});
    btns.forEach(function(b){b.classList.toggle('active',b.classList.contains('fbtn')&&b.getAttribute('data-filter')===filter);});
    empty.hidden=any;
  }
  btns.forEach(function(b){b.addEventListener('click',function(){filter=b.getAttribute('data-filter');apply();});});
  document.getElementById('q').addEventListener('input',function(e){q=e.target.value.trim().toLowerCase();apply();});
  rows.forEach(function(r){
    r.addEventListener('click',function(e){
      if(e.target.closest('a,input')) return;
      if(window.getSelection&&String(window.getSelection())) return;
      setOpen(r,!r.classList.contains('open'));
    });
  });
  document.getElementById('expand').addEventListener('click',function(){rows.forEach(function(r){if(!r.hidden)setOpen(r,true);});});
  document.getElementById('collapse').addEventListener('click',function(){rows.forEach(function(r){setOpen(r,false);});});
  [].slice.call(document.querySelectorAll('[data-jump]')).forEach(function(b){
    b.addEventListener('click',function(){
      var r=document.getElementById(b.getAttribute('data-jump')); if(!r) return;
      if(r.hidden){filter='all';q='';document.getElementById('q').value='';apply();}
      setOpen(r,true); r.scrollIntoView({behavior:'smooth',block:'start'});
    });
  });
  var failed=rows.filter(function(r){return r.getAttribute('data-status')==='failed';});
  if(failed.length&&failed.length<=5) failed.forEach(function(r){setOpen(r,true);});
  apply();
})();
`;
