// Per-target expectations (like undici's WPT status files): a waived rule that fails is
// reported waived; a waiver whose rule no longer fails is stale and fails the run.
import type { Waiver } from '../config-loader/types.ts';
import type { RuleResult } from '../model/result.ts';

export function applyWaivers(
  results: RuleResult[],
  waivers: Record<string, Waiver>,
  catalogueIds: Set<string>,
): { results: RuleResult[]; stale: { id: string; note?: string }[] } {
  const stale: { id: string; note?: string }[] = [];
  const today = new Date().toISOString().slice(0, 10);
  const out = results.map((r) => {
    const w = waivers[r.id];
    if (!w) return r;
    const waiver = { note: w.note, ...(w.expires ? { expires: w.expires } : {}) };
    if (w.expires && w.expires < today) {
      // an expired waiver waives nothing: the rule's own status stands, and the report says why
      return r.status === 'failed' ? { ...r, reason: `${r.reason ?? ''} (the waiver "${w.note}" expired on ${w.expires})` } : r;
    }
    if (r.status === 'failed')
      return {
        ...r,
        status: 'waived' as const,
        waiver,
        reason: `waived (${w.note}${w.expires ? `, until ${w.expires}` : ''}); failure: ${r.reason ?? ''}`,
      };
    if (r.status === 'passed' && w.expect === 'fail') {
      stale.push({ id: r.id, note: w.note });
      return { ...r, reason: `passes although waived as failing (${w.note}): remove the waiver` };
    }
    return r;
  });
  for (const id of Object.keys(waivers))
    if (!catalogueIds.has(id)) stale.push({ id, note: `waiver names no catalogued rule: ${waivers[id].note}` });
  return { results: out, stale };
}
