// `conform rules`: the rule catalogue (id, level, source, title), as a table or JSON; with
// --coverage, per document and section how many rules (MUST, OBSERVE) check it and how the
// document's items are traced (covered, partly, not checkable, …).
import { StartError } from '../../harness/config-loader/errors.ts';
import type { Command } from 'commander';
import { documentTraceability } from '../../harness/engine/conform.ts';
import { selectRules } from '../../harness/engine/rules.ts';
import type { RuleMeta } from '../../harness/model/rule.ts';
import { ALL_RULES, ENGINE } from '../app.ts';
import { rulesTable } from '../output.ts';
import { collect } from './shared.ts';

interface Row {
  doc: string;
  section: string;
  rules: number;
  must: number;
  observe: number;
}

function coverageRows(rules: RuleMeta[]): Row[] {
  const rows = new Map<string, Row>();
  for (const r of rules) {
    const key = `${r.source.doc}\u0000${r.source.section}`;
    const row = rows.get(key) ?? { doc: r.source.doc, section: r.source.section, rules: 0, must: 0, observe: 0 };
    row.rules++;
    if (r.level === 'MUST') row.must++;
    else row.observe++;
    rows.set(key, row);
  }
  return [...rows.values()];
}

const traceability = () => documentTraceability(ENGINE.domains.flatMap((d) => d.suites));

function coverageText(rows: Row[]): string {
  const trace = traceability();
  const lines: string[] = [];
  for (const doc of [...new Set(rows.map((r) => r.doc))]) {
    const mine = rows.filter((r) => r.doc === doc);
    const sum = (k: 'rules' | 'must' | 'observe') => mine.reduce((n, r) => n + r[k], 0);
    lines.push(`${doc}: ${sum('rules')} rules (${sum('must')} MUST, ${sum('observe')} OBSERVE)`);
    const t = trace[doc];
    if (t)
      lines.push(
        `  traced statements (an item not yet split counts as one): ${Object.entries(t)
          .map(([k, n]) => `${n} ${k}`)
          .join(', ')}`,
      );
    const w = Math.max(...mine.map((r) => r.section.length));
    for (const r of mine)
      lines.push(
        `  ${r.section.padEnd(w)}  ${String(r.rules).padStart(3)} rules  ${String(r.must).padStart(3)} MUST  ${String(r.observe).padStart(2)} OBSERVE`,
      );
  }
  return lines.join('\n');
}

export function rulesCommand(program: Command): void {
  program
    .command('rules')
    .description('print the rule catalogue (id, level, source, title), or its coverage of the documents')
    .option('--suite <name>', 'only this suite (repeatable)', collect)
    .option('--rule <id-or-glob>', 'only these rules', collect)
    .option('--coverage', 'per document and section: rules, MUST, OBSERVE, and the traceability counts')
    .option('--json', 'as JSON')
    .addHelpText(
      'after',
      '\nExamples:\n  conform rules --suite consumer\n  conform rules --coverage\n  conform rules --rule "ADS-CMP-*" --json',
    )
    .action((o: { suite?: string[]; rule?: string[]; json?: boolean; coverage?: boolean }) => {
      const known = [...new Set(ALL_RULES.map((r) => r.suite))];
      const unknown = (o.suite ?? []).filter((s) => !known.includes(s));
      if (unknown.length) throw new StartError(`unknown suite ${unknown.join(', ')} (known: ${known.join(', ')})`);
      const inSuites = o.suite?.length ? ALL_RULES.filter((r) => o.suite?.includes(r.suite)) : ALL_RULES;
      const rules = selectRules(inSuites, o.rule).map(({ check: _check, domain: _domain, ...meta }) => meta);
      if (o.coverage) {
        const rows = coverageRows(rules);
        process.stdout.write(
          o.json ? `${JSON.stringify({ sections: rows, traceability: traceability() }, null, 2)}\n` : `${coverageText(rows)}\n`,
        );
        return;
      }
      process.stdout.write(o.json ? `${JSON.stringify(rules, null, 2)}\n` : `${rulesTable(rules)}\n`);
    });
}
