// `conform compare` as one HTML page: the matrix of rules × runs (the interop view of several
// implementations, or of one over time), each cell a status, the cells that changed against the
// baseline marked; filters by text, suite and kind of change. Self-contained: no network.
import type { RuleStatus } from '../../harness/model/result.ts';
import { h } from '../html/escape.ts';
import { CHANGE_KINDS, CHANGE_NAME, type ChangeKind, type Comparison, regressionCount } from './diff.ts';

const STATUS_TEXT: Record<RuleStatus, string> = {
  passed: 'passed',
  failed: 'failed',
  error: 'error',
  'not-checkable': 'not checkable',
  waived: 'waived',
  observed: 'observed',
  'not-run': 'not run',
};

const CSS = `
:root{--bg:#fff;--fg:#1d2330;--muted:#5f6675;--line:#dde1e8;--panel:#f7f8fa;--pass:#1b7f3b;--pass-bg:#e6f4ea;--fail:#c62828;--fail-bg:#fdecec;--err:#8e24aa;--err-bg:#f6e8fa;--nc:#5f6675;--nc-bg:#eef0f3;--warn:#9a6700;--warn-bg:#fff4d6}
@media (prefers-color-scheme:dark){:root{--bg:#14171d;--fg:#e3e6ec;--muted:#a4abb9;--line:#2c323d;--panel:#1b1f27;--pass:#4cc679;--pass-bg:#163024;--fail:#ff6b6b;--fail-bg:#3a1d20;--err:#d58bf0;--err-bg:#33203b;--nc:#a4abb9;--nc-bg:#262c37;--warn:#e3b341;--warn-bg:#3a300f}}
body{font:14px/1.45 system-ui,-apple-system,Segoe UI,sans-serif;background:var(--bg);color:var(--fg);margin:0;padding:18px 24px}
h1{font-size:20px;margin:0 0 8px}h2{font-size:16px;margin:18px 0 8px}
table{border-collapse:collapse}th,td{border-bottom:1px solid var(--line);padding:4px 8px;text-align:left;vertical-align:top}
.runs td,.runs th,td.mono{white-space:nowrap}.muted{color:var(--muted)}.mono{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;font-size:12.5px}
.note{background:var(--warn-bg);color:var(--warn);border-radius:6px;padding:6px 10px;margin:6px 0}
.bar{display:flex;gap:10px;flex-wrap:wrap;align-items:center;margin:12px 0;position:sticky;top:0;background:var(--bg);padding:6px 0}
.bar input,.bar select{font:inherit;padding:3px 6px;background:var(--panel);color:var(--fg);border:1px solid var(--line);border-radius:6px}
.kinds button{font:inherit;border:1px solid var(--line);background:var(--panel);color:var(--fg);border-radius:14px;padding:2px 10px;cursor:pointer}
.kinds button[aria-pressed=true]{border-color:var(--fg);font-weight:600}
td.st{text-align:center;white-space:nowrap;font-size:12.5px}
.s-passed{background:var(--pass-bg);color:var(--pass)}.s-failed{background:var(--fail-bg);color:var(--fail);font-weight:600}.s-error{background:var(--err-bg);color:var(--err);font-weight:600}
.s-not-checkable,.s-not-run,.s-waived,.s-observed,.s-none{background:var(--nc-bg);color:var(--nc)}
td.changed{outline:2px solid currentColor;outline-offset:-3px}
td.c-regressed::after{content:" ▼";}td.c-fixed::after{content:" ▲"}
tr[hidden]{display:none}
`;

const JS = `
(() => {
  const q = document.getElementById('q'), suite = document.getElementById('suite'), rows = [...document.querySelectorAll('tbody#matrix tr')];
  const count = document.getElementById('count');
  let kind = document.querySelector('.kinds [aria-pressed=true]')?.dataset.kind || 'differs';
  const apply = () => {
    const text = q.value.trim().toLowerCase();
    let n = 0;
    for (const r of rows) {
      const ok = (!text || r.dataset.text.includes(text)) && (!suite.value || r.dataset.suite === suite.value) &&
        (kind === 'all' || (kind === 'differs' ? r.dataset.differs === 'true' : r.dataset.changes.split(' ').includes(kind)));
      r.hidden = !ok;
      if (ok) n++;
    }
    count.textContent = n + ' of ' + rows.length + ' rules';
  };
  for (const b of document.querySelectorAll('.kinds button'))
    b.addEventListener('click', () => {
      for (const o of document.querySelectorAll('.kinds button')) o.setAttribute('aria-pressed', String(o === b));
      kind = b.dataset.kind; apply();
    });
  q.addEventListener('input', apply); suite.addEventListener('change', apply); apply();
})();
`;

function cell(s: RuleStatus | undefined, change: ChangeKind | undefined): string {
  const cls = `st s-${s ?? 'none'}${change ? ` changed c-${change}` : ''}`;
  const title = change ? ` title="${h(CHANGE_NAME[change])}"` : '';
  return `<td class="${cls}"${title} data-status="${h(s ?? '')}">${h(s ? (STATUS_TEXT[s] ?? s) : '—')}</td>`;
}

export function compareHtml(c: Comparison): string {
  const n = regressionCount(c);
  const base = c.runs[0].label;
  const runsTable =
    '<table class="runs"><thead><tr><th>run</th><th>target</th><th>conform</th><th>seed</th><th>suites</th><th>rules</th><th>passed</th><th>failed</th><th>error</th><th>not checkable</th><th>started</th></tr></thead><tbody>' +
    c.runs
      .map(
        (r, i) =>
          `<tr><th>${h(r.label)}${i === 0 ? ' <span class="muted">(baseline)</span>' : ''}</th><td>${h(r.target)}</td><td>${h(r.version)}</td><td>${r.seed}</td><td>${h(r.suites.join(', '))}</td><td>${r.rules}</td><td>${r.summary.passed}</td><td>${r.summary.failed}</td><td>${r.summary.error}</td><td>${r.summary.notCheckable}</td><td class="muted">${h(r.startedAt)}</td></tr>`,
      )
      .join('') +
    '</tbody></table>';
  const totals = new Map<ChangeKind, number>(
    CHANGE_KINDS.map((k) => [k, c.pairs.reduce((m, p) => m + p.changes.filter((x) => x.kind === k).length, 0)]),
  );
  const differing = c.rows.filter((r) => r.changes.some(Boolean)).length;
  const kinds = [
    `<button type="button" data-kind="differs" aria-pressed="true">changed (${differing})</button>`,
    ...CHANGE_KINDS.filter((k) => totals.get(k)).map(
      (k) => `<button type="button" data-kind="${k}" aria-pressed="false">${h(CHANGE_NAME[k])}: ${totals.get(k)}</button>`,
    ),
    `<button type="button" data-kind="all" aria-pressed="false">all rules (${c.rows.length})</button>`,
  ].join('');
  const suites = [...new Set(c.rows.map((r) => r.suite))];
  const head = `<tr><th>rule</th><th>title</th><th>level</th>${c.runs.map((r) => `<th>${h(r.label)}</th>`).join('')}</tr>`;
  const body = c.rows
    .map((r) => {
      const changes = r.changes.filter((x): x is ChangeKind => x !== undefined);
      return (
        `<tr data-rule="${h(r.id)}" data-suite="${h(r.suite)}" data-differs="${changes.length > 0}" data-changes="${[...new Set(changes)].join(' ')}" data-text="${h(`${r.id} ${r.title}`.toLowerCase())}">` +
        `<td class="mono">${h(r.id)}</td><td>${h(r.title)}</td><td>${h(r.level)}</td>${r.statuses.map((s, i) => cell(s, r.changes[i])).join('')}</tr>`
      );
    })
    .join('');
  return (
    '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    `<title>conform compare · ${h(c.runs.map((r) => r.label).join(' · '))}</title><style>${CSS}</style></head><body>` +
    `<h1>conform compare · ${h(base)} → ${h(
      c.runs
        .slice(1)
        .map((r) => r.label)
        .join(', '),
    )} · <span class="${n ? 's-failed' : 's-passed'}">${n ? `${n} regression(s)` : 'no regression'}</span></h1>` +
    runsTable +
    c.notes.map((x) => `<p class="note">Note: ${h(x)}</p>`).join('') +
    `<h2>Rules × runs</h2><div class="bar"><input id="q" type="search" placeholder="filter by id or title" aria-label="filter by id or title">` +
    `<select id="suite" aria-label="suite"><option value="">every suite</option>${suites.map((s) => `<option>${h(s)}</option>`).join('')}</select>` +
    `<span class="kinds">${kinds}</span><span id="count" class="muted"></span></div>` +
    `<table class="matrix"><thead>${head}</thead><tbody id="matrix">${body}</tbody></table>` +
    `<script>${JS}</script></body></html>\n`
  );
}
