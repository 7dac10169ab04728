import { readFileSync } from 'node:fs';
import { ALL_RULES } from '../cli/app.ts';
const rep = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const byId = new Map(ALL_RULES.map((r) => [r.id, r]));
const rows: [string, string, number, number][] = [];
for (const r of rep.rules) {
  const rule = byId.get(r.id);
  for (const h of rule?.holds ?? []) if (h.resource.startsWith('data-api') || h.resource.includes('clock')) rows.push([r.id, `${h.resource}:${h.mode}${h.units ? 'x' + h.units : ''}`, r.chain ?? 0, r.durationMs]);
}
const by = new Map<string, number>();
for (const [, h, c] of rows) by.set(h, (by.get(h) ?? 0) + c * (Number(h.split('x')[1] ?? 1) || 1));
console.log([...by].sort((a, b) => b[1] - a[1]).map(([h, c]) => `${h} ${c}`).join('\n'));
const which = process.argv[3];
if (which) for (const row of rows.filter((r) => r[1].startsWith(which)).sort((a, b) => b[2] - a[2])) console.log(row.join('  '));
