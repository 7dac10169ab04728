// Sections after the rule list: observations of undocumented behaviour, waived rules, rules not
// checkable on this target.

import type { RuleResult } from '../../harness/model/result.ts';
import type { Page } from './context.ts';
import { h } from './escape.ts';

function ruleLink(page: Page, id: string | undefined): string {
  if (!id) return '<span class="muted">–</span>';
  const r = page.report.rules.find((x) => x.id === id);
  return r ? `<a class="mono" href="#${page.ruleAnchor(r)}">${h(id)}</a>` : `<span class="mono">${h(id)}</span>`;
}

export function observations(page: Page): string {
  const obs = page.report.observations;
  const body = obs.length
    ? `<table class="obs"><thead><tr><th>Topic</th><th>What the target did</th><th>Rule</th></tr></thead><tbody>${obs
        .map((o) => `<tr><td>${h(o.topic)}</td><td><code>${h(o.seen)}</code></td><td>${ruleLink(page, o.ruleId)}</td></tr>`)
        .join('')}</tbody></table>`
    : '<p class="muted">No observations recorded.</p>';
  return (
    `<section id="observations"><h2>Observations of undocumented behaviour <span class="muted">(${obs.length})</span></h2>` +
    '<p class="muted small">What the target does where the documents leave the behaviour open. Observations never fail a run.</p>' +
    `${body}</section>`
  );
}

/** "waived (note, until date); failure: reason" → the failure part */
function failureOf(r: RuleResult): string {
  const reason = r.reason ?? '';
  const at = reason.indexOf('; failure: ');
  return r.waiver && at >= 0 ? reason.slice(at + '; failure: '.length) : reason;
}

export function waivers(page: Page): string {
  const waived = page.report.rules.filter((r) => r.status === 'waived');
  if (!waived.length) return '';
  return (
    `<section id="waivers"><h2>Waived rules <span class="muted">(${waived.length})</span></h2>` +
    '<p class="muted small">Known failures a waiver file accepts. They do not fail the run while the waiver holds; a waiver past its date waives nothing.</p>' +
    `<table class="obs"><thead><tr><th>Rule</th><th>Waiver</th><th>Expires</th><th>The failure</th></tr></thead><tbody>${waived
      .map(
        (r) =>
          `<tr><td>${ruleLink(page, r.id)}<div class="small">${h(r.title)}</div></td><td>${h(r.waiver?.note ?? '')}</td>` +
          `<td class="nowrap">${r.waiver?.expires ? h(r.waiver.expires) : '<span class="muted">no date</span>'}</td><td class="small">${h(failureOf(r))}</td></tr>`,
      )
      .join('')}</tbody></table></section>`
  );
}

export function notCheckable(page: Page): string {
  const byReason = new Map<string, RuleResult[]>();
  for (const r of page.report.rules.filter((x) => x.status === 'not-checkable')) {
    const reason = r.reason ?? '(no reason given)';
    byReason.set(reason, [...(byReason.get(reason) ?? []), r]);
  }
  if (!byReason.size) return '';
  return (
    '<section id="not-checkable"><h2>Not checkable on this target</h2>' +
    `<table class="obs"><thead><tr><th>Why</th><th>Rules</th></tr></thead><tbody>${[...byReason]
      .map(([reason, rules]) => `<tr><td>${h(reason)}</td><td class="small">${rules.map((r) => ruleLink(page, r.id)).join(', ')}</td></tr>`)
      .join('')}</tbody></table></section>`
  );
}
