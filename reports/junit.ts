// junit.xml: one <testsuite> per suite/area, one <testcase> per rule, for CI test tabs. Each status
// maps through ciOutcome (harness/model/ci-outcome.ts): failure, error, skipped with its reason, or passed.

import { ciCounts, ciOutcome, SKIPPED_AS } from '../harness/model/ci-outcome.ts';
import type { RuleResult, RunReport } from '../harness/model/result.ts';
import { evidenceSummary, groupRules, observationsFor, prettyJson, reproduceCommand, targetAddresses, truncate } from './common.ts';
import { runNotices } from './notices.ts';

/** Characters XML 1.0 forbids (C0 controls but tab/LF/CR, lone surrogates, U+FFFE/U+FFFF). */
const INVALID_XML =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

export function xmlText(value: unknown): string {
  return String(value ?? '')
    .replace(INVALID_XML, '\uFFFD')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

export function xmlAttr(value: unknown): string {
  return xmlText(value)
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;')
    .replace(/\t/g, '&#9;')
    .replace(/\n/g, '&#10;')
    .replace(/\r/g, '&#13;');
}

function seconds(ms: number | undefined): string {
  return ((ms ?? 0) / 1000).toFixed(3);
}

/** Longest evidence text put in one testcase. */
const MAX_EVIDENCE_CHARS = 20_000;

function evidenceText(r: RuleResult): string {
  if (r.evidence.length === 0) return '';
  const lines = ['Evidence:'];
  r.evidence.forEach((e, i) => {
    lines.push(`--- #${i + 1} ${evidenceSummary(e)}`);
    lines.push(prettyJson(e));
  });
  return truncate(lines.join('\n'), MAX_EVIDENCE_CHARS);
}

/** what a failure or an error says: the rule, its reason, the counterexample, how to reproduce it, the evidence */
function failureBody(r: RuleResult, report: RunReport, head: string[], reason: string): string {
  const body = [...head, `Reason: ${reason}`];
  if (r.property?.counterexample) body.push(`Counterexample: ${r.property.counterexample}`);
  body.push(`Reproduce: ${reproduceCommand(r, report)}`);
  const ev = evidenceText(r);
  if (ev) body.push('', ev);
  return body.join('\n');
}

function observedText(r: RuleResult, report: RunReport): string {
  const obs = observationsFor(report, r.id);
  const lines = ['Observations:'];
  if (obs.length === 0) lines.push('(none recorded)');
  for (const o of obs) lines.push(`- ${o.topic}: ${o.seen}`);
  const ev = evidenceText(r);
  if (ev) lines.push('', ev);
  return lines.join('\n');
}

function testcase(r: RuleResult, report: RunReport, classname: string): string {
  const attrs = `classname="${xmlAttr(classname)}" name="${xmlAttr(`${r.id} ${r.title}`)}" time="${seconds(r.durationMs)}"`;
  const head = [`Rule: ${r.id} (${r.level})`, `Source: ${r.source}`];
  const inner: string[] = [];
  const props = [
    `<property name="source" value="${xmlAttr(r.source)}"/>`,
    `<property name="level" value="${xmlAttr(r.level)}"/>`,
    `<property name="status" value="${xmlAttr(r.status)}"/>`,
  ];
  if (r.property) {
    props.push(`<property name="property.seed" value="${xmlAttr(r.property.seed)}"/>`);
    props.push(`<property name="property.runs" value="${xmlAttr(r.property.runs)}"/>`);
    if (r.property.oneApp) props.push('<property name="property.oneApp" value="true"/>');
  }
  inner.push(`<properties>${props.join('')}</properties>`);

  switch (ciOutcome(r, report.strict)) {
    case 'failure': {
      const reason = r.status === 'not-checkable' ? `not checkable (--strict): ${r.reason ?? 'no reason given'}` : (r.reason ?? 'failed');
      inner.push(
        `<failure message="${xmlAttr(reason)}" type="${xmlAttr(r.level)}">${xmlText(failureBody(r, report, head, reason))}</failure>`,
      );
      break;
    }
    case 'error': {
      const reason = r.reason ?? 'the rule could not run';
      inner.push(`<error message="${xmlAttr(reason)}" type="error">${xmlText(failureBody(r, report, head, reason))}</error>`);
      break;
    }
    case 'skipped': {
      const why = r.status === 'not-run' ? (r.reason ?? report.stopReason ?? 'the run stopped before this rule started') : r.reason;
      inner.push(`<skipped message="${xmlAttr(`${SKIPPED_AS[r.status]}: ${why ?? 'no reason given'}`)}"/>`);
      break;
    }
    case 'passed':
      if (r.status === 'observed') inner.push(`<system-out>${xmlText(observedText(r, report))}</system-out>`);
      break;
  }
  return `    <testcase ${attrs}>\n      ${inner.join('\n      ')}\n    </testcase>`;
}

export function renderJunit(report: RunReport): string {
  const groups = groupRules(report.rules);
  const timestamp = report.startedAt;
  const suites: string[] = [];
  let tests = 0;
  let failures = 0;
  let errors = 0;
  let skipped = 0;
  let time = 0;
  let id = 0;

  const runProps = [
    ['target', report.target.name],
    ...targetAddresses(report),
    ['seed', report.seed],
    ['runs', report.runs],
    ...(report.oneAppRuns === undefined ? [] : [['oneAppRuns', report.oneAppRuns]]),
    ['harnessVersion', report.harnessVersion],
    // the run's notices (what it left on the target, a full receiver, …): lines, not testcases (no rule failed)
    ...runNotices(report).map((n) => [n.key, n.line]),
  ]
    .filter(([, v]) => v !== undefined)
    .map(([k, v]) => `<property name="${xmlAttr(k)}" value="${xmlAttr(v)}"/>`)
    .join('');

  for (const g of groups) {
    const c = ciCounts(g.rules, report.strict);
    const t = g.rules.reduce((acc, r) => acc + (r.durationMs ?? 0), 0);
    tests += g.rules.length;
    failures += c.failure;
    errors += c.error;
    skipped += c.skipped;
    time += t;
    suites.push(
      `  <testsuite id="${id++}" name="${xmlAttr(g.key)}" package="${xmlAttr(g.suite)}" tests="${g.rules.length}" failures="${c.failure}" errors="${c.error}" skipped="${c.skipped}" time="${seconds(t)}" timestamp="${xmlAttr(timestamp)}">\n` +
        `    <properties>${runProps}</properties>\n` +
        g.rules.map((r) => testcase(r, report, g.key)).join('\n') +
        '\n  </testsuite>',
    );
  }

  const stale = report.staleWaivers ?? [];
  if (stale.length > 0) {
    tests += stale.length;
    failures += stale.length;
    const cases = stale.map(
      (w) =>
        `    <testcase classname="waivers" name="${xmlAttr(`stale waiver ${w.id}`)}" time="0.000">\n` +
        `      <failure message="${xmlAttr(`waiver for ${w.id} no longer matches a failing rule`)}" type="stale-waiver">${xmlText(w.note ?? '')}</failure>\n` +
        '    </testcase>',
    );
    suites.push(
      `  <testsuite id="${id++}" name="waivers" tests="${stale.length}" failures="${stale.length}" errors="0" skipped="0" time="0.000" timestamp="${xmlAttr(timestamp)}">\n${cases.join('\n')}\n  </testsuite>`,
    );
  }

  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<testsuites name="${xmlAttr(`conform: ${report.target.name}`)}" tests="${tests}" failures="${failures}" errors="${errors}" skipped="${skipped}" time="${seconds(time)}" timestamp="${xmlAttr(timestamp)}">\n` +
    suites.join('\n') +
    (suites.length ? '\n' : '') +
    '</testsuites>\n'
  );
}
