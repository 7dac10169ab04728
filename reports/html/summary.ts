// The top of the page: verdict, target and run facts, counts by status.

import { causeLine, sharedCauses } from '../causes.ts';
import type { RuleStatus } from '../../harness/model/result.ts';
import { formatDuration, oneAppClause, runDurationMs, targetAddresses } from '../common.ts';
import type { Page } from './context.ts';
import { h } from './escape.ts';
import { STATUS_CLASS, STATUS_NAME, STATUSES, verdictOf } from './view.ts';
import { runNotices } from '../notices.ts';

/** a config key as a label: "dataApi" → "Data API" */
export function readableKey(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').split(' ');
  return words.map((w, i) => (/^api$/i.test(w) ? 'API' : i === 0 ? w[0].toUpperCase() + w.slice(1) : w.toLowerCase())).join(' ');
}

/** a share that never hides a rule: one failure of 314 is "<1%", not "0%"; 313 of 314 is ">99%", not "100%" */
export function percentText(n: number, total: number): string {
  if (total === 0 || n === 0) return '0%';
  const p = (n / total) * 100;
  if (p < 1) return '<1%';
  if (p > 99 && n < total) return '>99%';
  return `${Math.round(p)}%`;
}

export function countsOf(page: Page): Record<RuleStatus, number> {
  const counts = Object.fromEntries(STATUSES.map((s) => [s, 0])) as Record<RuleStatus, number>;
  for (const r of page.report.rules) counts[r.status]++;
  return counts;
}

export function header(page: Page): string {
  const report = page.report;
  const v = verdictOf(report);
  const cls = v.label === 'PASS' ? 'ok' : v.label === 'FAIL' ? 'bad' : 'warn';
  return (
    `<header class="top"><div class="top-inner"><div class="top-text">` +
    `<div class="brand">conform · conformance report</div><h1>${h(report.target.name)}</h1>` +
    `<div class="sub-h">${h(report.startedAt)} · ${h(formatDuration(runDurationMs(report)))} · seed ${h(report.seed)} · conform ${h(report.harnessVersion)}</div>` +
    `</div><div class="verdict ${cls}" id="verdict" data-verdict="${v.label}"><span class="v-label">${v.label}</span>` +
    `<ul class="v-why">${v.because.map((b) => `<li>${h(b)}</li>`).join('')}</ul></div></div></header>`
  );
}

export function summary(page: Page): string {
  const report = page.report;
  const total = report.rules.length;
  const counts = countsOf(page);
  const facts: [string, string][] = [
    ['Target', report.target.name],
    ...targetAddresses(report).map(([k, v]): [string, string] => [readableKey(k), v]),
    ['Started', report.startedAt],
    ['Finished', report.finishedAt],
    ['Duration', formatDuration(runDurationMs(report))],
    ['Harness version', `conform ${report.harnessVersion}`],
    ['Seed', String(report.seed)],
    ['Property runs', `${report.runs}${oneAppClause(report)}`],
  ];
  if (report.shard) facts.push(['Shard', `${report.shard.index} of ${report.shard.count}`]);
  if (report.strict) facts.push(['Gate', '--strict: MUST rules not checkable fail the run']);
  if (report.rerun?.length) facts.push(['Target options', report.rerun.join(' ')]);
  if (report.interrupted) facts.push(['Interrupted', report.stopReason ?? 'the run was stopped']);
  for (const n of runNotices(report)) facts.push([n.label, n.line]);
  const pct = (n: number) => (total === 0 ? 0 : (n / total) * 100);
  const cards = [
    `<button type="button" class="card c-all" data-filter="all"><span class="n">${total}</span><span class="l">Rules</span></button>`,
    ...STATUSES.filter((s) => counts[s] > 0 || s === 'failed' || s === 'passed').map(
      (s) =>
        `<button type="button" class="card ${STATUS_CLASS[s]}" data-filter="${s}" data-count="${counts[s]}"><span class="n">${counts[s]}</span>` +
        `<span class="l">${h(STATUS_NAME[s])}</span><span class="p">${percentText(counts[s], total)}</span></button>`,
    ),
  ].join('');
  const bar = STATUSES.filter((s) => counts[s] > 0)
    .map(
      (s) =>
        `<span class="seg ${STATUS_CLASS[s]}" style="width:${pct(counts[s]).toFixed(3)}%" title="${h(`${STATUS_NAME[s]}: ${counts[s]}`)}"></span>`,
    )
    .join('');
  const causes = sharedCauses(report);
  const oneCause = causes.length
    ? `<section class="alert" id="causes"><h3>One cause behind many failures</h3>${causes
        .map((c) => `<p>${h(causeLine(c))}</p><p class="rules">${h(c.rules.join(', '))}</p>`)
        .join('')}</section>`
    : '';
  const interrupted = report.interrupted
    ? `<section class="alert" id="interrupted"><h3>Interrupted</h3><p>${h(report.stopReason ?? 'The run was stopped')}. ${counts['not-run']} rule(s) did not run; the verdict covers only the rules that ran.</p></section>`
    : '';
  return (
    `<section class="meta" aria-label="Run"><dl>${facts.map(([k, v]) => `<div><dt>${h(k)}</dt><dd>${h(v)}</dd></div>`).join('')}</dl></section>` +
    `<section class="cards" aria-label="Rules by status">${cards}</section>` +
    `<div class="bar" role="img" aria-label="${h(
      STATUSES.filter((s) => counts[s])
        .map((s) => `${counts[s]} ${STATUS_NAME[s].toLowerCase()}`)
        .join(', '),
    )}">${bar}</div>` +
    oneCause +
    interrupted
  );
}
