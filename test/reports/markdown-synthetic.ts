// RunReports built from the registry's catalogue (DOMAINS → suites → rules), every rule with the
// same status and oversize content: the worst cases compliance.md must still fit in 65,000 bytes.
import { DOMAINS } from '../../domains/registry.ts';
import { summarize } from '../../harness/engine/summary.ts';
import type { RuleResult, RuleStatus, RunReport } from '../../harness/model/result.ts';
import { sourceText } from '../../harness/model/rule.ts';

export function catalogue(): {
  id: string;
  title: string;
  source: RuleResult['where'] & {};
  level: 'MUST' | 'OBSERVE';
  suite: string;
  area: string;
}[] {
  return DOMAINS.flatMap((d) =>
    d.suites.flatMap((s) =>
      s.rules.map((r) => ({ id: r.id, title: r.title, source: r.source, level: r.level, suite: r.suite, area: r.area })),
    ),
  );
}

/** Text that costs the most per character once rendered: multi-byte letters and Markdown/HTML specials. */
export function heavy(n: number, seed = ''): string {
  const unit = `${seed}ü€😀 <b>|*\`[x](y)&amp;x `;
  return unit.repeat(Math.ceil(n / unit.length)).slice(0, n);
}

export function traceabilityOf(): Record<string, Record<string, number>> {
  const out: Record<string, Record<string, number>> = {};
  for (const d of DOMAINS) for (const s of d.suites) if (s.traceability) out[s.doc] = s.traceability();
  return out;
}

/** Every catalogued rule with `status`; `big` fills reasons, curl lines, evidence and observations. */
export function syntheticReport(status: RuleStatus, big = true): RunReport {
  const rules: RuleResult[] = catalogue().map((r, i) => {
    const result: RuleResult = {
      id: r.id,
      title: big ? `${r.title} ${heavy(400, r.id)}` : r.title,
      source: sourceText(r.source),
      where: { doc: r.source.doc, section: r.source.section, item: r.source.item },
      level: r.level,
      suite: r.suite,
      area: r.area,
      status,
      evidence: [],
      startedAt: '2025-01-02T03:04:05.000Z',
      durationMs: 10 + i,
    };
    if (status !== 'passed' && status !== 'observed') {
      result.reason = big
        ? Array.from({ length: 40 }, (_, k) => `problem ${k} of ${r.id}: ${heavy(300, String(k))}`).join('; ')
        : `the target broke ${r.id}`;
    }
    if (big && status !== 'not-run') {
      result.evidence = Array.from({ length: 30 }, (_, k) => ({
        request: { method: 'POST', url: `https://api.example.test/2/things/${k}?q=${heavy(500)}`, headers: {} },
        response: { status: 400, headers: {}, text: heavy(2000) },
        durationMs: k,
      }));
      if (i % 3 === 0)
        result.property = {
          seed: i,
          runs: 100,
          counterexample: heavy(5000),
          reproduce: `conform run --rule ${r.id} --seed ${i} ${heavy(2000)}`,
        };
    }
    if (status === 'failed' && big) result.curl = `curl -sS -X POST 'https://api.example.test/2/x' -d '${heavy(20_000)}'`;
    if (status === 'waived') result.waiver = { note: big ? heavy(2000, 'note') : `VEND-${i}`, expires: '2099-12-31' };
    return result;
  });
  const observations = big
    ? Array.from({ length: 2000 }, (_, k) => ({
        topic: heavy(500, `t${k}`),
        seen: heavy(2000, `s${k}`),
        ruleId: rules[k % rules.length].id,
      }))
    : [];
  return {
    target: {
      name: big ? heavy(5000, 'target') : 'synthetic',
      dataApi: big ? `https://api.example.test/${heavy(3000)}` : 'https://api.example.test',
    },
    startedAt: '2025-01-02T03:04:05.000Z',
    finishedAt: '2025-01-02T03:44:05.000Z',
    harnessVersion: '0.1.0',
    seed: 4242,
    runs: 100,
    summary: summarize(rules),
    rules,
    observations,
    traceability: traceabilityOf(),
    rerun: big ? ['--config', `/very/long/${heavy(1000)}.json`] : ['--config', 'acme.json'],
    ...(big ? { staleWaivers: Array.from({ length: 300 }, (_, k) => ({ id: `ZZ-${k}`, note: heavy(1000, `w${k}`) })) } : {}),
  };
}
