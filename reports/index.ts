// Writes every report of a run: compliance.json, compliance.html, compliance.md, junit.xml and
// Allure results. The report is redacted first; nothing unredacted reaches the disk.

import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { RunReport } from '../harness/model/result.ts';
import { writeAllure } from './allure.ts';
import { renderHtml } from './html.ts';
import { renderJson } from './json.ts';
import { renderJunit } from './junit.ts';
import { renderMarkdown } from './markdown.ts';
import { redact, redactText } from './redact.ts';

export { redact, redactText } from './redact.ts';
export { renderHtml } from './html.ts';
export { renderJson } from './json.ts';
export { renderJunit } from './junit.ts';
export { renderMarkdown } from './markdown.ts';
export { writeAllure } from './allure.ts';

export const REPORT_FILES = {
  json: 'compliance.json',
  html: 'compliance.html',
  markdown: 'compliance.md',
  junit: 'junit.xml',
  allure: 'allure-results',
} as const;

export interface WriteReportsOptions {
  /** output directory, created when missing */
  dir: string;
  /** values that must not appear in any file (tokens, consumer secrets, OAuth keys, control token) */
  secrets: string[];
  /** write `dir/allure-results/` through allure-vitest (default true; takes a few seconds) */
  allure?: boolean;
}

/** Returns the paths written: the four files, then the allure-results directory when written. */
export async function writeReports(report: RunReport, opts: WriteReportsOptions): Promise<string[]> {
  const safe = redact(report, opts.secrets);
  const dir = resolve(opts.dir);
  await mkdir(dir, { recursive: true });

  const files: [string, string][] = [
    [REPORT_FILES.json, renderJson(safe)],
    [REPORT_FILES.html, renderHtml(safe)],
    [REPORT_FILES.markdown, renderMarkdown(safe)],
    [REPORT_FILES.junit, renderJunit(safe)],
  ];
  const written: string[] = [];
  for (const [name, content] of files) {
    const path = join(dir, name);
    // Second pass over the rendered text (secrets only; headers were handled as data): catches a
    // secret that only appears once rendered.
    await writeFile(path, redactText(content, opts.secrets, { authorization: false }), 'utf8');
    written.push(path);
  }

  if (opts.allure ?? true) {
    const allureDir = join(dir, REPORT_FILES.allure);
    await rm(allureDir, { recursive: true, force: true }); // results of an earlier run would mix in
    await writeAllure(join(dir, REPORT_FILES.json), allureDir);
    written.push(allureDir);
  }
  return written;
}
