// The choice matrix, the other half of the kill matrix: every suite of a choice's document against
// the reference reading that open point the other way. A correct target may take any reading the
// words allow, so no rule may fail or end in error under any choice; a rule a choice leaves not
// checkable says why. Each domain's compatible choices also run all together. The host's wire
// liberties (domain "*") run every suite: they are the detector for choices no choices.ts lists,
// applied to every answer (a rule that needs compact JSON or a member order fails here).
import { describe, expect, test } from 'vitest';
import { CHOICES, type Choice, embeddedReference } from '../../domains/reference.ts';
import { DOMAINS } from '../../domains/registry.ts';
import { runLocal, unexpected } from './run-local.ts';

const CONCURRENCY = Number(process.env.CHOICE_CONCURRENCY ?? 4);

/** the suites whose rules could depend on a choice: its document's, else its domain's, else (a wire liberty, domain "*") every suite */
function suitesOf(domain: string, suite: string | undefined): string[] {
  if (suite !== undefined) return [suite];
  const domains = DOMAINS.filter((d) => domain === '*' || d.name === domain);
  return domains.flatMap((d) => d.suites.filter((s) => s.rules.length > 0).map((s) => s.name));
}

/**
 * Sets of choices that can be on together: the n-th set takes the n-th reading of each group of
 * choices that exclude each other, and every choice that excludes none.
 */
export function compatibleSets(choices: readonly Choice[]): string[][] {
  const groups: string[][] = [];
  for (const c of choices) {
    const group = groups.find((g) => g.some((id) => (c.excludes ?? []).includes(id)));
    if (group) group.push(c.id);
    else groups.push([c.id]);
  }
  const n = Math.max(0, ...groups.map((g) => g.length));
  return Array.from({ length: n }, (_, i) => groups.flatMap((g) => (g.length === 1 ? g : g[i] !== undefined ? [g[i]] : [])));
}

async function expectClean(label: string, choices: string[], suites: string[]): Promise<void> {
  const out = await runLocal(label, embeddedReference({ choices }), { runs: 10, suites, concurrency: CONCURRENCY });
  const bad = unexpected(out.report.rules, (r) => r.status !== 'failed' && r.status !== 'error');
  expect(bad, `${label}: a correct target that reads the documents this way fails`).toBe('');
  const silent = out.report.rules.filter((r) => r.status === 'not-checkable' && !r.reason).map((r) => r.id);
  expect(silent, `${label}: not checkable without saying why`).toEqual([]);
}

export function choiceMatrix(half: 0 | 1): void {
  const mine = CHOICES.filter((c) => c.domain !== '*').filter((_, i) => i % 2 === half);
  const wire = CHOICES.filter((c) => c.domain === '*').map((c) => c.id);
  describe.concurrent(`choice matrix (${half === 0 ? 'even' : 'odd'} choices): every suite of its document under each choice`, () => {
    for (const c of mine) {
      test(`${c.id}: ${c.reading}`, async () => {
        await expectClean(`reference with choice ${c.id}`, [c.id], suitesOf(c.domain, c.suite));
      });
    }
    // the wire liberties touch every answer alike and exclude nothing: all of them at once, every suite
    if (half === 0) {
      test(`the wire liberties ${wire.join(', ')} all at once, every suite`, async () => {
        await expectClean(`reference with choices ${wire.join(', ')}`, wire, suitesOf('*', undefined));
      });
    }
    // each domain's compatible choices together, in the half of the domain's place in the registry
    for (const [i, d] of DOMAINS.entries()) {
      if (i % 2 !== half) continue;
      const sets = compatibleSets(CHOICES.filter((c) => c.domain === d.name)).filter((s) => s.length > 1);
      for (const set of sets) {
        test(`${d.name}: the choices ${set.join(', ')} all at once`, async () => {
          await expectClean(`reference with choices ${set.join(', ')}`, set, suitesOf(d.name, undefined));
        });
      }
    }
  });
}
