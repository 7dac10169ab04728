import { readFileSync } from 'node:fs';
import { allRules } from '../harness/engine/conform.ts';
import { DOMAINS } from '../domains/registry.ts';
import { holdsWithTenants } from '../harness/engine/tenants.ts';
const RULES = new Map(allRules(DOMAINS).map((r) => [r.id, r]));
const HT = holdsWithTenants(DOMAINS);
const rep = JSON.parse(readFileSync('reports/out/compliance.json', 'utf8'));
const alone = new Map<string, [number, string[]]>();
for (const r of rep.rules) {
  const rule = RULES.get(r.id)!;
  for (const h of HT(rule)) {
    if (h.mode !== 'exclusive') continue;
    const a = alone.get(h.resource) ?? [0, []];
    a[0] += r.durationMs; a[1].push(`${r.id}:${r.durationMs}`); alone.set(h.resource, a);
  }
}
for (const [k, [v, ids]] of [...alone].sort((a, b) => b[1][0] - a[1][0])) console.log(k, v, ids.sort((a, b) => +b.split(':')[1] - +a.split(':')[1]).slice(0, 10).join(' '));
const t0 = Math.min(...rep.rules.filter((r: any) => r.startedAt).map((r: any) => Date.parse(r.startedAt)));
const con = rep.rules.filter((r: any) => r.suite === 'consumer').map((r: any) => [Date.parse(r.startedAt) - t0, r.durationMs]);
console.log('consumer from', Math.min(...con.map((c: any) => c[0])), 'to', Math.max(...con.map((c: any) => c[0] + c[1])));
