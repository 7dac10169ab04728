// Allure results written directly from a RunReport with allure-js-commons' reporter runtime and
// file-system writer: one test result per rule, with the rule's real start and duration, the
// document, suite and section as Allure suites, a link to the source section, and the exchanges as
// attachments. `npm run report:allure` turns the directory into an HTML report (Allure 3, no Java).
//
// status         → Allure status
// passed         → passed
// observed       → passed, the observation as the status message
// failed         → failed: the reason (+ counterexample) as message, the reproducer as trace
// error          → broken
// not-checkable  → skipped, "not checkable: <reason>"
// not-run        → skipped, "not run: <reason>"
// waived         → skipped, "waived: <note>"
// A stale waiver is a failed result of its own ("stale waiver <id>"), as it fails the run.

import {
  ContentType,
  type Label,
  LabelName,
  type Link,
  LinkType,
  type Parameter,
  Severity,
  Stage,
  Status,
  type StatusDetails,
  type TestResult,
} from 'allure-js-commons';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Category, EnvironmentInfo, RuntimeMessage } from 'allure-js-commons/sdk';
import { FileSystemWriter, ReporterRuntime, type Writer } from 'allure-js-commons/sdk/reporter';
import { type CiOutcome, ciOutcome } from '../harness/model/ci-outcome.ts';
import type { Evidence, RuleResult, RunReport } from '../harness/model/result.ts';
import { specLink } from './allure-links.ts';
import { evidenceSummary, isExchange, isInbound, isNote, observationsFor, reproduceCommand, ruleRuns, targetAddresses } from './common.ts';
import { redact, redactText } from './redact.ts';
import { runNotices } from './notices.ts';

export interface AllureOptions {
  /** values that must not appear in any file: every result and attachment is redacted once more */
  secrets?: string[];
}

/** the Allure status of each CI outcome (ciOutcome: the one mapping every output shares) */
const STATUS: Record<CiOutcome, Status> = {
  passed: Status.PASSED,
  failure: Status.FAILED,
  error: Status.BROKEN,
  skipped: Status.SKIPPED,
};

/** Categories of the report's "Categories" tab. */
export const ALLURE_CATEGORIES: Category[] = [
  { name: 'Rules the target broke', matchedStatuses: [Status.FAILED] },
  { name: 'Harness errors (rule setup failed or the target broke off)', matchedStatuses: [Status.BROKEN] },
  { name: 'Not checkable on this target', matchedStatuses: [Status.SKIPPED], messageRegex: '^not checkable[\\s\\S]*' },
  { name: 'Waived', matchedStatuses: [Status.SKIPPED], messageRegex: '^waived[\\s\\S]*' },
  { name: 'Not run (the run was stopped)', matchedStatuses: [Status.SKIPPED], messageRegex: '^not run[\\s\\S]*' },
];

/**
 * allure-js-commons' FileSystemWriter fsyncs every file through a temporary one; with thousands of
 * attachments per full run that took 5–15 s on a busy disk. Results and attachments are written
 * plainly here (nothing reads them before the run has ended); the rest keeps the library's writer.
 */
class ResultsWriter extends FileSystemWriter {
  private readonly dir: string;
  constructor(dir: string) {
    super({ resultsDir: dir });
    this.dir = dir;
    mkdirSync(dir, { recursive: true });
  }
  override writeAttachment(name: string, content: Buffer): void {
    writeFileSync(join(this.dir, name), content);
  }
  override writeResult(result: TestResult): void {
    writeFileSync(join(this.dir, `${result.uuid}-result.json`), JSON.stringify(result), 'utf8');
  }
}

/** A writer that redacts every result and attachment on its way to `inner`. */
class RedactingWriter implements Writer {
  private readonly inner: Writer;
  private readonly secrets: string[];
  constructor(inner: Writer, secrets: string[]) {
    this.inner = inner;
    this.secrets = secrets;
  }
  private text(s: string): string {
    return redactText(s, this.secrets, { authorization: false });
  }
  writeResult(result: TestResult): void {
    this.inner.writeResult(redact(result, this.secrets));
  }
  writeGroup(...[group]: Parameters<Writer['writeGroup']>): void {
    this.inner.writeGroup(redact(group, this.secrets));
  }
  writeAttachment(name: string, content: Buffer): void {
    this.inner.writeAttachment(name, Buffer.from(this.text(content.toString('utf8')), 'utf8'));
  }
  writeAttachmentFromPath(): void {
    throw new Error('conform writes no Allure attachment from a file');
  }
  writeEnvironmentInfo(info: EnvironmentInfo): void {
    this.inner.writeEnvironmentInfo(redact(info, this.secrets));
  }
  writeCategoriesDefinitions(categories: Category[]): void {
    this.inner.writeCategoriesDefinitions(categories);
  }
  writeGlobals(...[name, globals]: Parameters<Writer['writeGlobals']>): void {
    this.inner.writeGlobals(name, redact(globals, this.secrets));
  }
}

/** environment.properties: what was checked and how (the report is already redacted). */
export function allureEnvironment(report: RunReport): EnvironmentInfo {
  const env: EnvironmentInfo = { target: report.target.name };
  for (const [k, v] of targetAddresses(report)) env[k] = v;
  env.seed = String(report.seed);
  env.propertyRuns = String(report.runs);
  if (report.oneAppRuns !== undefined) env.oneAppPropertyRuns = String(report.oneAppRuns);
  env.harnessVersion = report.harnessVersion;
  env.startedAt = report.startedAt;
  env.finishedAt = report.finishedAt;
  if (report.rerun?.length) env.rerun = report.rerun.join(' ');
  if (report.shard) env.shard = `${report.shard.index}/${report.shard.count}`;
  if (report.strict) env.strict = 'true';
  if (report.interrupted) env.stopped = report.stopReason ?? 'interrupted';
  for (const n of runNotices(report)) env[n.key] = n.line;
  return env;
}

function docOf(r: RuleResult): string {
  return r.where?.doc ?? (r.source.split(' § ')[0]?.trim() || r.source);
}

function sectionOf(r: RuleResult): string | undefined {
  if (r.where?.section) return r.where.section;
  const after = r.source.split(' § ')[1];
  // "CRC rules 2": the section without its item number
  return after?.replace(/\s+\S+$/, '').trim() || undefined;
}

function labels(r: RuleResult): Label[] {
  const out: Label[] = [
    { name: LabelName.ALLURE_ID, value: r.id },
    { name: LabelName.PARENT_SUITE, value: r.suite },
    { name: LabelName.SUITE, value: docOf(r) },
  ];
  const section = sectionOf(r);
  if (section) out.push({ name: LabelName.SUB_SUITE, value: section });
  out.push(
    { name: LabelName.EPIC, value: r.suite },
    { name: LabelName.FEATURE, value: r.area },
    { name: LabelName.SEVERITY, value: r.level === 'MUST' ? Severity.CRITICAL : Severity.MINOR },
    { name: LabelName.TAG, value: r.level },
  );
  return out;
}

/** What the status message says: why it failed, was not checked, is waived, or what was observed. */
function statusMessage(r: RuleResult, report: RunReport): string | undefined {
  const counterexample = r.property?.counterexample ? `\ncounterexample: ${r.property.counterexample}` : '';
  switch (r.status) {
    case 'failed':
      return `${r.reason ?? 'rule failed'}${counterexample}`;
    case 'error':
      return `${r.reason ?? 'the rule could not run'}${counterexample}`;
    case 'not-checkable':
      return `not checkable: ${r.reason ?? 'no reason given'}`;
    case 'not-run':
      return `not run: ${r.reason ?? report.stopReason ?? 'the run stopped before this rule started'}`;
    case 'waived': {
      const note = r.waiver?.note ?? r.reason ?? 'no note given';
      return `waived: ${note}${r.waiver?.expires ? ` (until ${r.waiver.expires})` : ''}`;
    }
    case 'observed': {
      const seen = observationsFor(report, r.id).map((o) => `${o.topic}: ${o.seen}`);
      return seen.length > 0 ? seen.join('\n') : r.reason;
    }
    case 'passed':
      return r.reason;
  }
}

function statusDetails(r: RuleResult, report: RunReport): StatusDetails {
  const details: StatusDetails = {};
  const message = statusMessage(r, report);
  if (message) details.message = message;
  if (r.status === 'failed' || r.status === 'error' || r.property?.counterexample) {
    details.trace = `Reproduce:\n${reproduceCommand(r, report)}`;
  }
  return details;
}

function description(r: RuleResult, report: RunReport): string {
  const lines = [`**${r.id}** (${r.level}): ${r.title}`, '', `- Source: ${r.source}`, `- Status: ${r.status}`];
  if (r.reason) lines.push(`- ${r.status === 'waived' ? 'Waiver' : 'Reason'}: ${r.reason}`);
  if (r.waiver?.expires) lines.push(`- Waiver expires: ${r.waiver.expires}`);
  if (r.property) {
    lines.push(`- Property: seed ${r.property.seed}, ${ruleRuns(r.property)}`);
    if (r.property.counterexample) lines.push(`- Counterexample: \`${r.property.counterexample}\``);
  }
  if (r.examined !== undefined) lines.push(`- Assertions about the target: ${r.examined}`);
  const notes = r.evidence.filter(isNote);
  if (notes.length > 0) lines.push('', 'Notes:', '', ...notes.map((n) => `- ${n.note}`));
  lines.push('', 'Reproduce:', '', '```sh', reproduceCommand(r, report), '```');
  return lines.join('\n');
}

function parameters(r: RuleResult, report: RunReport): Parameter[] {
  const out: Parameter[] = [{ name: 'seed', value: String(r.property?.seed ?? report.seed), excluded: true }];
  if (r.property) out.push({ name: 'property runs', value: String(r.property.runs), excluded: true });
  return out;
}

/** Start of a rule in epoch ms: its own start; rules that never started sit at the run's end. */
function startOf(r: RuleResult, report: RunReport): number {
  const own = r.startedAt ? Date.parse(r.startedAt) : Number.NaN;
  if (Number.isFinite(own)) return own;
  const end = Date.parse(report.finishedAt);
  return Number.isFinite(end) ? end : Date.parse(report.startedAt);
}

function attachmentName(e: Evidence, i: number): string {
  const kind = isExchange(e) ? 'exchange' : isInbound(e) ? 'inbound' : 'evidence';
  return `${kind} #${i + 1}: ${evidenceSummary(e)}`.slice(0, 250);
}

function writeRule(runtime: ReporterRuntime, r: RuleResult, report: RunReport): void {
  const start = startOf(r, report);
  const stop = start + Math.max(0, Math.round(r.durationMs || 0));
  const links: Link[] = [{ name: r.source, url: specLink(docOf(r), sectionOf(r)), type: LinkType.DEFAULT }];
  const uuid = runtime.startTest({
    name: `${r.id} ${r.title}`,
    fullName: `${r.suite}.${r.area}.${r.id}`,
    testCaseId: r.id,
    historyId: r.id,
    start,
    labels: labels(r),
    links,
    parameters: parameters(r, report),
    description: description(r, report),
  });

  const text = (name: string, body: string, type: ContentType = ContentType.TEXT, ext = 'txt') =>
    runtime.writeAttachment(uuid, null, name, Buffer.from(body, 'utf8'), { contentType: type, fileExtension: ext });
  const json = (name: string, value: unknown) => text(name, JSON.stringify(value, null, 2), ContentType.JSON, 'json');

  for (const [i, e] of r.evidence.entries()) if (!isNote(e)) json(attachmentName(e, i), e);
  const observations = observationsFor(report, r.id);
  if (observations.length > 0) json('observations', observations);
  if (r.property?.counterexample) text('counterexample', r.property.counterexample);
  text('reproduce (conform)', reproduceCommand({ ...r, curl: undefined }, report), ContentType.TEXT, 'sh');
  if (r.curl) text('reproduce (curl)', r.curl, ContentType.TEXT, 'sh');

  runtime.updateTest(uuid, (t) => {
    t.status = STATUS[ciOutcome(r, report.strict)];
    t.statusDetails = statusDetails(r, report);
    t.stage = Stage.FINISHED;
  });
  runtime.stopTest(uuid, { stop });
  runtime.writeTest(uuid);
}

function writeStaleWaiver(runtime: ReporterRuntime, w: { id: string; note?: string }, report: RunReport): void {
  const at = Date.parse(report.finishedAt);
  const uuid = runtime.startTest({
    name: `stale waiver ${w.id}`,
    fullName: `waivers.stale.${w.id}`,
    testCaseId: `stale-waiver:${w.id}`,
    historyId: `stale-waiver:${w.id}`,
    start: at,
    labels: [
      { name: LabelName.PARENT_SUITE, value: 'waivers' },
      { name: LabelName.SUITE, value: 'stale waivers' },
      { name: LabelName.SEVERITY, value: Severity.NORMAL },
    ],
    description: `The waiver for ${w.id} no longer matches a failing rule: remove it or correct it.${w.note ? `\n\n${w.note}` : ''}`,
  });
  runtime.updateTest(uuid, (t) => {
    t.status = Status.FAILED;
    t.statusDetails = { message: `waiver for ${w.id} no longer matches a failing rule${w.note ? ` (${w.note})` : ''}` };
    t.stage = Stage.FINISHED;
  });
  runtime.stopTest(uuid, { stop: at });
  runtime.writeTest(uuid);
}

/** a run-wide attachment of the report (shown beside every result): `value` as JSON */
function globalJson(name: string, value: unknown): RuntimeMessage {
  return {
    type: 'global_attachment_content',
    data: {
      name,
      content: Buffer.from(JSON.stringify(value, null, 2), 'utf8').toString('base64'),
      encoding: 'base64',
      contentType: ContentType.JSON,
      fileExtension: 'json',
    },
  };
}

/**
 * Write Allure results for `report` (already redacted) into `outDir`: one `*-result.json` per rule
 * and stale waiver, its attachments, environment.properties, categories.json and executor.json.
 * Returns the number of results written.
 */
export function writeAllure(report: RunReport, outDir: string, opts: AllureOptions = {}): number {
  const rules = report.rules;
  const stale = report.staleWaivers ?? [];
  if (rules.length === 0 && stale.length === 0) return 0; // nothing to report

  const writer = new RedactingWriter(new ResultsWriter(outDir), opts.secrets ?? []);
  const runtime = new ReporterRuntime({ writer, environmentInfo: allureEnvironment(report), categories: ALLURE_CATEGORIES });

  for (const r of rules) writeRule(runtime, r, report);
  for (const w of stale) writeStaleWaiver(runtime, w, report);

  const global: RuntimeMessage[] = [];
  if (report.observations.length > 0) global.push(globalJson('observations', report.observations));
  if (report.interrupted) {
    global.push({ type: 'global_error', data: { message: `run stopped before every rule ran: ${report.stopReason ?? 'interrupted'}` } });
  }
  if (report.cleanupProblems?.length) global.push(globalJson('left on the target (cleanup problems)', report.cleanupProblems));
  if (report.receiverFull) global.push(globalJson('receiver full (requests refused)', report.receiverFull));
  runtime.applyGlobalRuntimeMessages(global);
  runtime.writeEnvironmentInfo();
  runtime.writeCategoriesDefinitions();
  // executor.json (the "Executors" widget): the writer only names the file, so it goes as an attachment
  const executor = { name: 'conform', type: 'conform', buildName: `${report.target.name} (seed ${report.seed})` };
  writer.writeAttachment('executor.json', Buffer.from(JSON.stringify(executor), 'utf8'));
  return rules.length + stale.length;
}
