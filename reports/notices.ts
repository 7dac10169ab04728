// The run's notices: what a reader must know of the whole run beyond the rules' statuses, each in
// one line (what the run left on the target, a full receiver, a config key most MUST rules lacked,
// rules that ran twice). Every output says every one of them, from this one list: the terminal's
// summary, compliance.md and .html, junit.xml's properties, Allure's environment and the GitHub
// annotations.

import type { RunReport } from '../harness/model/result.ts';
import { truncate } from './common.ts';

export interface RunNotice {
  /** its name where an output names it by a key (junit.xml's property, Allure's environment) */
  key: 'leftOnTarget' | 'receiverFull' | 'mostlyNotCheckable' | 'ranTwice';
  /** its short name beside the line (compliance.html's facts) */
  label: string;
  /** what it says of the run, in a heading of its own (the GitHub annotation's title) */
  title: string;
  line: string;
}

/** the run's notices, in the order every output gives them; none for a run with nothing to say */
export function runNotices(report: RunReport): RunNotice[] {
  const notices: [RunNotice['key'], string, string, string | undefined][] = [
    ['leftOnTarget', 'Left on the target', 'conform left records on the target', leftBehindLine(report)],
    ['receiverFull', 'Receiver full', 'the callback receiver was full', receiverFullLine(report)],
    [
      'mostlyNotCheckable',
      'Mostly not checkable',
      'most MUST rules were not checkable for want of one config key',
      mostlyUnsetLine(report),
    ],
    ['ranTwice', 'Ran twice', 'rules ran twice on a stalled harness', ranTwiceLine(report)],
  ];
  return notices.flatMap(([key, label, title, line]) => (line === undefined ? [] : [{ key, label, title, line }]));
}

/** the rules that ran twice because the harness stalled in their first attempt (harness/engine/stall-retry.ts), said in one line; undefined when none did */
export function ranTwiceLine(report: RunReport): string | undefined {
  const twice = report.rules.filter((r) => r.ranTwice);
  if (!twice.length) return undefined;
  return `${twice.length} rule(s) ran twice, the harness process having stalled during their first attempt (a loaded machine): ${twice.map((r) => r.id).join(', ')}`;
}

/** a config key as not-checkable reasons name it ("set target.adsApi.allowWrites: true to allow it") */
const CONFIG_KEY = /\b(?:target|receiver|consumer|fixtures)\.[A-Za-z][\w.]*[A-Za-z0-9]/g;

/**
 * the config keys a reason names, but those it gives the run's value of ("the app had not settled
 * within consumer.settleMs = 1500 ms"): a key that was set is not wanted, however many rules name it
 */
function wantedKeys(reason: string): Set<string> {
  const named = [...reason.matchAll(CONFIG_KEY)];
  const valued = new Set(named.filter((m) => /^\s*=\s*\S/.test(reason.slice(m.index + m[0].length))).map((m) => m[0]));
  return new Set(named.map((m) => m[0]).filter((k) => !valued.has(k)));
}

/**
 * When many MUST rules that ran (more than a quarter) were not checkable naming one config key (a
 * config without target.adsApi.allowWrites leaves 80 of the ads rules so; a catalog target naming
 * the website destination's URL otherwise, which the document does not show, 35 of 119 for want of
 * target.adsApi.catalogParams.websiteUrl), one line naming the key and the count: the exit code does
 * not count them, and a green gate would hide it (one of the run's notices: every output says it).
 */
export function mostlyUnsetLine(report: RunReport): string | undefined {
  const must = report.rules.filter((r) => r.level === 'MUST' && r.status !== 'not-run');
  const byKey = new Map<string, number>();
  for (const r of must) {
    if (r.status !== 'not-checkable') continue;
    for (const key of wantedKeys(r.reason ?? '')) byKey.set(key, (byKey.get(key) ?? 0) + 1);
  }
  const [key, n] = [...byKey].sort((a, b) => b[1] - a[1])[0] ?? [];
  if (key === undefined || n === undefined || n * 4 <= must.length) return undefined;
  return `${n} of ${must.length} MUST rules were not checkable for want of ${key} (each says so): set it in the config to check them`;
}

/** the callback receiver's refusals, requests past its budget and connections past its cap (compliance.json receiverFull), in one line; undefined when it refused none */
export function receiverFullLine(report: RunReport): string | undefined {
  const f = report.receiverFull;
  if (!f) return undefined;
  const mib = Math.round((f.maxBytes / 1024 / 1024) * 10) / 10;
  const parts = [
    f.refused > 0
      ? `it keeps at most ${mib} MiB of a run's requests (limits.maxReceivedBytes) and had recorded ${f.recorded}; from ${f.since} it answered ${f.refused} more with 503 and did not examine them`
      : undefined,
    f.droppedConnections
      ? `it holds at most ${f.maxConnections} connections open at once (limits.maxReceiverConnections); ${f.refused > 0 ? '' : `from ${f.since} `}it closed ${f.droppedConnections} more as they arrived, what they carried not examined`
      : undefined,
  ].filter((p): p is string => p !== undefined);
  return `the callback receiver was full: ${parts.join('; and ')} (a rule that used it meanwhile ended in error)`;
}

/** what the run created and could not remove (compliance.json cleanupProblems), in one line; undefined when it removed everything */
export function leftBehindLine(report: RunReport): string | undefined {
  const left = report.cleanupProblems ?? [];
  if (!left.length) return undefined;
  return `the run could not remove everything it created: ${left.length} cleanup problem(s) at its last try (the first: ${truncate(left[0], 200)}); once the target answers, conform sweep removes what it can name (cleanupProblems in compliance.json lists them all)`;
}
