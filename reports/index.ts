// Writes every report of a run: compliance.json, compliance.html, compliance.md, junit.xml and
// Allure results. The report is redacted first; nothing unredacted reaches the disk. Of a passed
// rule's evidence only what the reports asked for show is redacted (shown-evidence.ts).

import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { RunReport } from '../harness/model/result.ts';
import { writeAllure } from './allure.ts';
import { renderHtml } from './html/index.ts';
import { renderHar } from './har.ts';
import { withIntegrity } from './integrity.ts';
import { type EvidenceScope, renderJson } from './json.ts';
import { renderJunit } from './junit.ts';
import { renderMarkdown } from './markdown/index.ts';
import { redact, redactText } from './redact.ts';
import { onlyShownEvidence, showsAllEvidence } from './shown-evidence.ts';

export { redact, redactText } from './redact.ts';
export { renderHtml } from './html/index.ts';
export { renderJson } from './json.ts';
export { renderJunit } from './junit.ts';
export { renderMarkdown } from './markdown/index.ts';
export { writeAllure } from './allure.ts';
export { renderHar } from './har.ts';
export { canonicalJson, signingKeyProblem, verifyIntegrity, withIntegrity } from './integrity.ts';

export const REPORT_FILES = {
  json: 'compliance.json',
  html: 'compliance.html',
  markdown: 'compliance.md',
  junit: 'junit.xml',
  allure: 'allure-results',
  har: 'compliance.har',
} as const;

/** the reports `--report` can name; json is always written (it is the run's record) */
export type ReportFormat = 'json' | 'md' | 'html' | 'junit' | 'allure' | 'har';
export const REPORT_FORMATS: ReportFormat[] = ['json', 'md', 'html', 'junit', 'allure', 'har'];
/** Allure results are written only when asked for (--report allure, or reports.formats in the config) */
export const DEFAULT_FORMATS: ReportFormat[] = ['json', 'md', 'html', 'junit'];

export interface WriteReportsOptions {
  /** output directory, created when missing */
  dir: string;
  /** values that must not appear in any file (tokens, consumer secrets, OAuth keys, control token) */
  secrets: string[];
  /** `false` leaves allure out even when the formats name it (--no-allure) */
  allure?: boolean;
  /** which rules keep their full evidence in compliance.json (default: failures and errors) */
  evidence?: EvidenceScope;
  /** which reports to write (ReportFormat names; default DEFAULT_FORMATS; `allure: false` leaves allure out) */
  formats?: string[];
  /** PEM of an Ed25519 private key: compliance.json is signed as well as digested */
  signingKeyPem?: string;
}

/** compliance.json with its integrity member, computed over exactly the text written */
function certifiedJson(text: string, signingKeyPem: string | undefined): string {
  return renderJson(withIntegrity(JSON.parse(text) as RunReport, signingKeyPem), 'all'); // the text is already the chosen scope
}

/** Returns the paths written: the four files, then the allure-results directory when written. */
export async function writeReports(report: RunReport, opts: WriteReportsOptions): Promise<string[]> {
  const unknown = (opts.formats ?? []).filter((f) => !(REPORT_FORMATS as string[]).includes(f));
  if (unknown.length) throw new Error(`unknown report format ${unknown.join(', ')} (known: ${REPORT_FORMATS.join(', ')})`);
  const formats = new Set<ReportFormat>((opts.formats as ReportFormat[] | undefined) ?? DEFAULT_FORMATS);
  formats.add('json');
  if (opts.allure === false) formats.delete('allure');
  // what no report asked for shows is neither redacted nor kept
  const safe = redact(showsAllEvidence(formats, opts.evidence) ? report : onlyShownEvidence(report), opts.secrets);
  const dir = resolve(opts.dir);
  await mkdir(dir, { recursive: true });
  const renderers: [ReportFormat, string, () => string][] = [
    ['json', REPORT_FILES.json, () => renderJson(safe, opts.evidence)],
    ['html', REPORT_FILES.html, () => renderHtml(safe)],
    ['md', REPORT_FILES.markdown, () => renderMarkdown(safe)],
    ['junit', REPORT_FILES.junit, () => renderJunit(safe)],
    ['har', REPORT_FILES.har, () => renderHar(safe)],
  ];
  const written: string[] = [];
  for (const [format, name, render] of renderers) {
    if (!formats.has(format)) continue;
    const path = join(dir, name);
    // Second pass over the rendered text (secrets only; headers were handled as data): catches a
    // secret that only appears once rendered.
    const text = redactText(render(), opts.secrets, { authorization: false });
    await writeFile(path, format === 'json' ? certifiedJson(text, opts.signingKeyPem) : text, 'utf8');
    written.push(path);
  }

  if (formats.has('allure')) {
    const allureDir = join(dir, REPORT_FILES.allure);
    await rm(allureDir, { recursive: true, force: true }); // results of an earlier run would mix in
    writeAllure(safe, allureDir, { secrets: opts.secrets });
    written.push(allureDir);
  }
  return written;
}
