// compliance.md: a readable summary for pull requests, chat and CI job pages.

import type { RuleResult, RunReport } from '../harness/model/result.ts';
import {
  STATUS_ICON,
  STATUS_LABEL,
  byStatus,
  targetAddresses,
  evidenceSummary,
  formatDuration,
  groupRules,
  observationsFor,
  reproduceCommand,
  runDurationMs,
  truncate,
} from './common.ts';

/** Text safe inside a Markdown table cell. */
export function mdCell(value: unknown): string {
  const s = value === undefined || value === null ? '' : String(value);
  if (s === '') return '';
  return s
    .replace(/[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/g, '\uFFFD')
    .replace(/\\/g, '\\\\')
    .replace(/&(?=#?\w+;)/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\|/g, '\\|')
    .replace(/([`*])/g, '\\$1')
    .replace(/\r?\n/g, '<br>');
}

/** Text safe as a Markdown paragraph / list item (single line kept, markup neutralised). */
function mdText(value: unknown): string {
  return mdCell(value).replace(/<br>/g, '  \n  ');
}

/** Inline code span that survives backticks inside the text. */
function mdCode(value: string): string {
  const runs = value.match(/`+/g) ?? [];
  const fence = '`'.repeat(Math.max(0, ...runs.map((r) => r.length)) + 1);
  const pad = value.startsWith('`') || value.endsWith('`') ? ' ' : '';
  return `${fence}${pad}${value.replace(/\r?\n/g, ' ')}${pad}${fence}`;
}

/** Fenced code block that survives backtick fences inside the text. */
function mdBlock(value: string, lang = ''): string {
  const runs = value.match(/`{3,}/g) ?? [];
  const fence = '`'.repeat(Math.max(3, ...runs.map((r) => r.length + 1)));
  return `${fence}${lang}\n${value}\n${fence}`;
}

function status(r: RuleResult): string {
  return `${STATUS_ICON[r.status]} ${STATUS_LABEL[r.status]}`;
}

export function renderMarkdown(report: RunReport): string {
  const s = report.summary;
  const total = report.rules.length;
  const verdict = s.failed > 0 || (report.staleWaivers?.length ?? 0) > 0 ? '❌ **NOT COMPLIANT**' : '✅ **COMPLIANT**';
  const out: string[] = [];

  out.push(`# Conformance report: ${mdText(report.target.name)}`, '');
  out.push(`${verdict}: ${s.failed} of ${total} rules failed.`, '');

  out.push('| | |', '|---|---|');
  out.push(`| Target | ${mdCell(report.target.name)} |`);
  for (const [key, url] of targetAddresses(report)) out.push(`| ${mdCell(key)} | ${mdCell(url)} |`);
  out.push(`| Started | ${mdCell(report.startedAt)} |`);
  out.push(`| Finished | ${mdCell(report.finishedAt)} |`);
  out.push(`| Duration | ${mdCell(formatDuration(runDurationMs(report)))} |`);
  out.push(`| Seed | ${mdCell(report.seed)} |`);
  out.push(`| Property runs | ${mdCell(report.runs)} |`);
  out.push(`| Harness version | ${mdCell(report.harnessVersion)} |`);
  out.push('');

  out.push('## Summary', '');
  out.push('| Status | Rules |', '|---|---:|');
  out.push(`| ${STATUS_ICON.failed} Failed | ${s.failed} |`);
  out.push(`| ${STATUS_ICON.passed} Passed | ${s.passed} |`);
  out.push(`| ${STATUS_ICON['not-checkable']} Not checkable | ${s.notCheckable} |`);
  out.push(`| ${STATUS_ICON.waived} Waived | ${s.waived} |`);
  out.push(`| ${STATUS_ICON.observed} Observed | ${s.observed} |`);
  out.push(`| **Total** | **${total}** |`);
  out.push('');

  const failed = report.rules.filter((r) => r.status === 'failed');
  if (failed.length > 0) {
    out.push('## Failed rules', '');
    for (const r of failed) {
      out.push(`### ${STATUS_ICON.failed} ${mdText(r.id)}: ${mdText(r.title)}`, '');
      out.push(`- **Source:** ${mdText(r.source)}`);
      out.push(`- **Level:** ${mdText(r.level)} · **Suite:** ${mdText(`${r.suite} / ${r.area}`)}`);
      out.push(`- **Reason:** ${mdText(r.reason ?? '(no reason given)')}`);
      if (r.property) {
        out.push(`- **Property:** seed ${r.property.seed}, ${r.property.runs} runs`);
        if (r.property.counterexample) out.push(`- **Counterexample:** ${mdCode(truncate(r.property.counterexample, 2000))}`);
      }
      if (r.evidence.length > 0) {
        out.push('- **Evidence:**');
        for (const e of r.evidence.slice(0, 10)) out.push(`  - ${mdText(truncate(evidenceSummary(e), 500))}`);
        if (r.evidence.length > 10) out.push(`  - … ${r.evidence.length - 10} more (see compliance.html)`);
      }
      out.push('', 'Reproduce:', '', mdBlock(reproduceCommand(r, report), 'sh'), '');
    }
  }

  if (report.staleWaivers && report.staleWaivers.length > 0) {
    out.push('## Stale waivers', '');
    out.push('These waivers no longer match a failing rule; they fail the run until removed.', '');
    out.push('| Rule | Note |', '|---|---|');
    for (const w of report.staleWaivers) out.push(`| ${mdCell(w.id)} | ${mdCell(w.note ?? '')} |`);
    out.push('');
  }

  out.push('## Rules', '');
  for (const g of groupRules(report.rules)) {
    const counts = countLine(g.rules);
    out.push(`### ${mdText(g.suite)} / ${mdText(g.area)}`, '', counts, '');
    out.push('| Status | Rule | Title | Level | Source | Reason | Time |', '|---|---|---|---|---|---|---:|');
    for (const r of byStatus(g.rules)) {
      out.push(
        `| ${status(r)} | ${mdCell(r.id)} | ${mdCell(r.title)} | ${mdCell(r.level)} | ${mdCell(r.source)} | ${mdCell(r.reason ?? '')} | ${mdCell(formatDuration(r.durationMs))} |`,
      );
    }
    out.push('');
  }

  const notCheckable = report.rules.filter((r) => r.status === 'not-checkable');
  if (notCheckable.length > 0) {
    out.push('## Not checkable on this target', '');
    const byReason = new Map<string, string[]>();
    for (const r of notCheckable) {
      const reason = r.reason ?? '(no reason given)';
      byReason.set(reason, [...(byReason.get(reason) ?? []), r.id]);
    }
    out.push('| Reason | Rules |', '|---|---|');
    for (const [reason, ids] of byReason) out.push(`| ${mdCell(reason)} | ${mdCell(ids.join(', '))} |`);
    out.push('');
  }

  const waived = report.rules.filter((r) => r.status === 'waived');
  if (waived.length > 0) {
    out.push('## Waived', '');
    out.push('| Rule | Title | Waiver |', '|---|---|---|');
    for (const r of waived) out.push(`| ${mdCell(r.id)} | ${mdCell(r.title)} | ${mdCell(r.reason ?? '')} |`);
    out.push('');
  }

  out.push('## Observations', '');
  if (report.observations.length === 0) {
    out.push('_None recorded._', '');
  } else {
    out.push('What the target does where the documents leave the behaviour open.', '');
    out.push('| Topic | Seen | Rule |', '|---|---|---|');
    for (const o of report.observations) out.push(`| ${mdCell(o.topic)} | ${mdCell(o.seen)} | ${mdCell(o.ruleId ?? '')} |`);
    out.push('');
  }

  const observedWithout = report.rules.filter((r) => r.status === 'observed' && observationsFor(report, r.id).length === 0);
  if (observedWithout.length > 0) {
    out.push(`Observed rules without a recorded observation: ${observedWithout.map((r) => mdText(r.id)).join(', ')}.`, '');
  }

  out.push('---', '', `_Generated by conform ${mdText(report.harnessVersion)}. Full evidence: compliance.html, compliance.json._`, '');
  return out.join('\n');
}

function countLine(rules: RuleResult[]): string {
  const c = new Map<string, number>();
  for (const r of rules) c.set(r.status, (c.get(r.status) ?? 0) + 1);
  return ['failed', 'passed', 'not-checkable', 'waived', 'observed']
    .filter((k) => c.has(k))
    .map((k) => `${c.get(k)} ${k}`)
    .join(' · ');
}
