// One vitest test per rule of a compliance.json (path in CONFORM_REPORT_JSON), so that the
// allure-vitest reporter writes Allure results for the run. Run by writeAllure() with
// reports/allure/vitest.config.ts; not part of the project's own test suite.
//
// failed        → the test fails with the rule's reason
// not-checkable → skipped ("not checkable: …")
// waived        → skipped ("waived: …")
// passed        → passes
// observed      → passes, with the observations attached

import { readFileSync } from 'node:fs';
import * as allure from 'allure-js-commons';
import { ContentType, Severity, Status } from 'allure-js-commons';
import { describe, test } from 'vitest';
import type { Evidence, Observation, RuleResult, RunReport } from '../../harness/model/result.ts';
import { evidenceSummary, groupRules, reproduceCommand } from '../common.ts';

const path = process.env.CONFORM_REPORT_JSON;
if (!path) throw new Error('CONFORM_REPORT_JSON is not set: it names the compliance.json to turn into Allure results');
const report = JSON.parse(readFileSync(path, 'utf8')) as RunReport;

let globalsSent = false;

/** Run-wide observations as one global attachment, sent from inside the first test. */
async function sendGlobals(): Promise<void> {
  if (globalsSent) return;
  globalsSent = true;
  if (report.observations.length > 0) {
    await allure.globalAttachment('observations.json', JSON.stringify(report.observations, null, 2), ContentType.JSON);
  }
}

function description(r: RuleResult): string {
  const lines = [
    `**${r.id}**: ${r.title}`,
    '',
    `- Source: ${r.source}`,
    `- Level: ${r.level}`,
    `- Status: ${r.status}`,
    `- Duration in the run: ${r.durationMs} ms`,
  ];
  if (r.reason) lines.push(`- ${r.status === 'waived' ? 'Waiver' : 'Reason'}: ${r.reason}`);
  if (r.property) {
    lines.push(`- Property: seed ${r.property.seed}, ${r.property.runs} runs`);
    if (r.property.counterexample) lines.push(`- Counterexample: \`${r.property.counterexample}\``);
  }
  if (r.status === 'failed' || r.property?.reproduce) {
    lines.push('', 'Reproduce:', '', '```sh', reproduceCommand(r, report), '```');
  }
  return lines.join('\n');
}

async function annotate(r: RuleResult, observations: Observation[]): Promise<void> {
  await allure.testCaseId(r.id);
  await allure.historyId(r.id);
  await allure.epic(r.suite);
  await allure.feature(r.area);
  await allure.story(r.id);
  await allure.severity(r.level === 'MUST' ? Severity.CRITICAL : Severity.MINOR);
  await allure.label('level', r.level);
  await allure.tags(r.level, r.status);
  await allure.description(description(r));
  const doc = r.source.split(' § ')[0]?.trim() || r.source;
  await allure.link(doc, r.source, 'spec');
  await allure.parameter('source', r.source, { excluded: true });
  await allure.parameter('level', r.level, { excluded: true });
  await allure.parameter('seed', String(r.property?.seed ?? report.seed), { excluded: true });
  if (r.property) await allure.parameter('property runs', String(r.property.runs), { excluded: true });

  for (const [i, e] of r.evidence.entries()) await evidenceStep(e, i);
  if (observations.length > 0) {
    await allure.attachment('observations.txt', observations.map((o) => `${o.topic}: ${o.seen}`).join('\n'), ContentType.TEXT);
  }
  if (r.property?.counterexample) {
    await allure.attachment('counterexample.txt', r.property.counterexample, ContentType.TEXT);
  }
}

async function evidenceStep(e: Evidence, i: number): Promise<void> {
  const name = `#${i + 1} ${evidenceSummary(e)}`.slice(0, 300);
  if ('note' in e && !('request' in e) && !('inbound' in e)) {
    await allure.logStep(name, Status.PASSED);
    return;
  }
  await allure.step(name, async () => {
    await allure.attachment(`evidence-${i + 1}.json`, JSON.stringify(e, null, 2), ContentType.JSON);
  });
}

function ruleFailure(reason: string, details: string[] = []): Error {
  const err = new Error(reason);
  // Allure reports an assertion error as "failed" (the target broke the rule), anything else as "broken".
  err.name = 'AssertionError';
  // The trace Allure shows: what reproduces the failure, not this file's stack frames.
  err.stack = [`AssertionError: ${reason}`, ...details].join('\n');
  return err;
}

function failureDetails(r: RuleResult): string[] {
  const d = ['', `Rule: ${r.id} (${r.level}), ${r.source}`];
  if (r.property?.counterexample) d.push(`Counterexample: ${r.property.counterexample}`);
  d.push(`Reproduce: ${reproduceCommand(r, report)}`);
  for (const [i, e] of r.evidence.entries()) d.push(`Evidence #${i + 1}: ${evidenceSummary(e)}`);
  return d;
}

for (const group of groupRules(report.rules)) {
  describe(group.suite, () => {
    describe(group.area, () => {
      for (const r of group.rules) {
        test(`${r.id} ${r.title}`, async ({ skip }) => {
          await sendGlobals();
          await annotate(
            r,
            report.observations.filter((o) => o.ruleId === r.id),
          );
          switch (r.status) {
            case 'failed':
              throw ruleFailure(r.reason ?? 'rule failed', failureDetails(r));
            case 'not-checkable': {
              const note = `not checkable: ${r.reason ?? 'no reason given'}`;
              await allure.logStep(note, Status.SKIPPED);
              skip(note);
              break;
            }
            case 'waived': {
              const note = `waived: ${r.reason ?? 'no reason given'}`;
              await allure.logStep(note, Status.SKIPPED);
              skip(note);
              break;
            }
            case 'observed':
            case 'passed':
              break;
          }
        });
      }
    });
  });
}

const stale = report.staleWaivers ?? [];
if (stale.length > 0) {
  describe('waivers', () => {
    for (const w of stale) {
      test(`stale waiver ${w.id}`, async () => {
        await allure.severity(Severity.NORMAL);
        await allure.description(`The waiver for ${w.id} no longer matches a failing rule.${w.note ? `\n\n${w.note}` : ''}`);
        throw ruleFailure(`waiver for ${w.id} no longer matches a failing rule`);
      });
    }
  });
}
