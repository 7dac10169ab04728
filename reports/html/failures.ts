// The Failures section: each MUST rule that failed or ended in error, with its reason, every problem
// it found, its exchanges (collapsed) and a reproducer; then the stale waivers.

import type { RuleResult } from '../../harness/model/result.ts';
import type { Page } from './context.ts';
import { h } from './escape.ts';
import { failureEvidence } from './evidence.ts';
import { facts, levelTag, pill, reasonBlock, ruleObservations } from './rule-parts.ts';
import { isFailure, STATUS_CLASS } from './view.ts';

function failureCard(r: RuleResult, page: Page): string {
  const evidence = failureEvidence(r.evidence, page.budget, r.failingExchange);
  return (
    `<article class="failure ${STATUS_CLASS[r.status]}" id="${page.failureAnchor(r)}" data-rule="${h(r.id)}">` +
    `<header class="f-head">${pill(r)}<span class="mono f-id">${h(r.id)}</span><span class="f-title">${h(r.title)}</span>${levelTag(r)}` +
    `<a class="f-link small" href="#${page.ruleAnchor(r)}">in the rule list</a></header>` +
    reasonBlock(r) +
    `<div class="f-grid"><div>${facts(r)}${ruleObservations(r, page)}</div><div class="repro"><h5>Reproduce</h5>${page.reproducer(r)}</div></div>` +
    `<div class="exchanges"><h5>Exchanges <span class="muted">(${r.evidence.length}, secrets redacted)</span></h5>${evidence}</div>` +
    '</article>'
  );
}

export function failures(page: Page): string {
  const failing = page.report.rules.filter((r) => isFailure(r, page.report));
  const stale = page.report.staleWaivers ?? [];
  if (failing.length === 0 && stale.length === 0) return '';
  const staleHtml = stale.length
    ? `<div class="stale" id="stale-waivers"><h3>Stale waivers <span class="muted">(${stale.length})</span></h3>` +
      '<p class="small">These waivers name rules that no longer fail: they fail the run until they are removed.</p>' +
      `<ul>${stale.map((w) => `<li><span class="mono">${h(w.id)}</span>${w.note ? ` — ${h(w.note)}` : ''}</li>`).join('')}</ul></div>`
    : '';
  return (
    `<section class="failures" id="failures"><h2>Failures <span class="muted">(${failing.length + stale.length})</span></h2>` +
    failing.map((r) => failureCard(r, page)).join('') +
    staleHtml +
    '</section>'
  );
}
