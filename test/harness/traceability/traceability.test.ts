// Every statement of each document is accounted for: each item (numbered item, table row,
// stand-alone line) has an entry in the domain's traceability map naming its rules or saying why
// none checks it; every entry names an item and known rules; every rule traces to an item.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import {
  checkTraceability,
  countByStatus,
  countStatements,
  statementsOf,
  statusOfStatements,
  type TraceMap,
  type TraceStatus,
} from '../../../harness/traceability/check.ts';
import { parseDocument } from '../../../harness/traceability/document.ts';
import { DOCUMENTS } from '../../runners/documents.ts';
import { SPEC_DIR } from '../../runners/paths.ts';

for (const { doc, map: load, rules, must, split } of DOCUMENTS) {
  const items = parseDocument(readFileSync(`${SPEC_DIR}${doc}`, 'utf8'));
  const map = load();
  const report = checkTraceability(items, map, rules);
  const gaps = Object.values(map).flatMap((e) => [...statementsOf(e).filter((s) => s.status === 'uncovered'), ...(e.uncovered ?? [])]);

  describe(`traceability of ${doc}`, () => {
    test('counts', () => {
      const { byKind } = report.counts;
      console.log(
        `traceability of ${doc}: ${items.length} items (${byKind.numbered} numbered, ${byKind.row} table rows, ` +
          `${byKind.paragraph} paragraph lines${byKind.bullet ? `, ${byKind.bullet} bullets` : ''}): ` +
          Object.entries(countByStatus(map))
            .map(([s, n]) => `${n} ${s}`)
            .join(', ') +
          `; ${gaps.length} checkable statements without a rule; statements: ` +
          Object.entries(report.counts.statements)
            .map(([s, n]) => `${n} ${s}`)
            .join(', ') +
          ` (${report.counts.unsplit} items not yet split)`,
      );
      expect(items.length).toBeGreaterThan(100);
    });

    test('every item of the document has an entry', () => {
      expect(report.unmapped.map((i) => `line ${i.line}: ${i.key}`)).toEqual([]);
    });

    test('every entry names an item of the document (no stale entries)', () => {
      expect(report.stale).toEqual([]);
    });

    test('every entry is well-formed: a known status, rules for covered and partly, a note unless covered', () => {
      expect(report.malformed).toEqual([]);
    });

    test('every rule an entry names is in the catalogue', () => {
      expect(report.unknownRules).toEqual([]);
    });

    test('every rule of the catalogue traces back to an item of the document', () => {
      expect(report.untraced).toEqual([]);
    });

    test('every MUST rule checks a statement the document requires (covered or partly), not only statements that are open or no requirement', () => {
      const required = new Set(
        Object.values(map)
          .flatMap((e) => statementsOf(e))
          .filter((s) => s.status === 'covered' || s.status === 'partly')
          .flatMap((s) => s.rules),
      );
      expect(must.filter((id) => !required.has(id))).toEqual([]);
    });

    if (split)
      test('every item that states a requirement is split into its statements, each traced', () => {
        const unsplit = Object.entries(map).filter(([, e]) => e.status !== 'not-a-requirement' && e.statements === undefined);
        expect(unsplit.map(([k]) => k)).toEqual([]);
      });
  });
}

describe('the document parser and the check (generic)', () => {
  const md = [
    '# Title',
    '',
    'Scope line.',
    '',
    '## Part A',
    '',
    '1. First.',
    '2. Second,',
    '   - nested bullet',
    '',
    'Lead-in:',
    '1. Labelled.',
    '',
    'A statement: not shown.',
    'Another line.',
    '',
    '### Table part',
    '',
    '| Method | Path | Note |',
    '|---|---|---|',
    '| GET | /x | a |',
    '| POST | /x | b |',
    '| GET | /y | c |',
    '',
    '```',
    '| not | a row |',
    '```',
    '',
    '## Part B',
    '',
    '| Name | Value |',
    '|---|---|',
    '| `k` | 1 |',
  ].join('\n');
  const parsed = parseDocument(md);

  test('keys: numbered items, labels, paragraph lines, table rows with as many cells as make them unique', () => {
    expect(parsed.map((i) => [i.kind, i.key])).toEqual([
      ['paragraph', '¶1'],
      ['numbered', 'Part A › 1'],
      ['numbered', 'Part A › 2'],
      ['numbered', 'Part A › Lead-in › 1'],
      ['paragraph', 'Part A ¶1'],
      ['paragraph', 'Part A ¶2'],
      ['row', 'Part A › Table part › GET | /x'],
      ['row', 'Part A › Table part › POST | /x'],
      ['row', 'Part A › Table part › GET | /y'],
      ['row', 'Part B › k'],
    ]);
    expect(parsed[2].text).toBe('Second,\n- nested bullet');
  });

  test('the check reports unmapped items, stale entries, unknown and untraced rules, malformed entries', () => {
    const r = checkTraceability(
      parsed,
      {
        '¶1': { status: 'not-a-requirement', rules: [], note: 'scope' },
        'Part A › 1': { status: 'covered', rules: ['R-001'], note: '' },
        'Part A › 2': { status: 'partly', rules: ['R-404'], note: 'nested part unchecked', uncovered: ['the nested bullet'] },
        'Part A › 3': { status: 'covered', rules: ['R-001'], note: '' },
        'Part A ¶1': { status: 'covered', rules: [], note: '' },
      },
      ['R-001', 'R-002'],
    );
    expect(r.unmapped.map((i) => i.key)).toEqual(
      parsed
        .slice(3)
        .filter((i) => i.key !== 'Part A ¶1')
        .map((i) => i.key),
    );
    expect(r.stale).toEqual(['Part A › 3']);
    expect(r.unknownRules).toEqual([{ key: 'Part A › 2', rule: 'R-404' }]);
    expect(r.untraced).toEqual(['R-002']);
    expect(r.malformed).toEqual([{ key: 'Part A ¶1', problem: 'covered names no rule' }]);
    expect(r.counts.byKind).toEqual({ numbered: 3, bullet: 0, row: 4, paragraph: 3 });
  });

  test('statements: an item split into them takes the status and rules they add up to', () => {
    const s = (status: TraceStatus, rules: string[] = [], note = 'why') => ({ text: 'a statement', status, rules, note });
    expect(statusOfStatements([s('covered', ['R-001']), s('covered', ['R-002'])])).toBe('covered');
    expect(statusOfStatements([s('covered', ['R-001']), s('not-checkable'), s('not-a-requirement')])).toBe('covered');
    expect(statusOfStatements([s('covered', ['R-001']), s('uncovered')])).toBe('partly');
    expect(statusOfStatements([s('partly', ['R-001'])])).toBe('partly');
    expect(statusOfStatements([s('uncovered'), s('not-checkable')])).toBe('uncovered');
    expect(statusOfStatements([s('not-checkable')])).toBe('not-checkable');
    expect(statusOfStatements([s('not-a-requirement')])).toBe('not-a-requirement');
    const map: TraceMap = {
      'Part A › 1': { status: 'partly', rules: ['R-001'], note: 'one of two', statements: [s('covered', ['R-001']), s('uncovered')] },
      'Part A › 2': { status: 'covered', rules: ['R-001'], note: '', statements: [s('covered', ['R-001']), s('uncovered')] },
      'Part B › k': { status: 'covered', rules: [], note: '', statements: [s('covered', ['R-002'])] },
      'Part A ¶1': { status: 'uncovered', rules: [], note: 'x', statements: [{ text: '', status: 'uncovered', rules: [] }] },
    };
    const r = checkTraceability(parsed, map, ['R-001', 'R-002']);
    expect(r.malformed).toEqual([
      { key: 'Part A › 2', problem: 'its statements add up to partly, not covered' },
      { key: 'Part B › k', problem: 'covered names no rule' },
      { key: 'Part A ¶1', problem: 'statement 1 has no text' },
    ]);
    const faulty: TraceMap = {
      'Part A › 1': {
        status: 'covered',
        rules: ['R-001'],
        note: '',
        statements: [{ ...s('covered', ['R-001']), faults: { 'f-1': ['R-002'] } }],
      },
      'Part A › 2': { status: 'covered', rules: ['R-001'], note: '', statements: [{ ...s('covered', ['R-001']), faults: { 'f-1': [] } }] },
      'Part B › k': {
        status: 'not-checkable',
        rules: [],
        note: 'x',
        statements: [{ ...s('not-checkable'), faults: { 'f-1': ['R-001'] } }],
      },
    };
    expect(checkTraceability(parsed, faulty, ['R-001', 'R-002']).malformed).toEqual([
      { key: 'Part A › 1', problem: 'statement 1: fault f-1 is caught by R-002, which the statement does not name' },
      { key: 'Part A › 2', problem: 'statement 1: fault f-1 names no rule that catches it' },
      { key: 'Part B › k', problem: 'statement 1 is not-checkable: only a covered or partly statement names faults' },
    ]);
    // a covered statement counts as covered only when a fault proves it; x (unsplit) and the first statement name none
    expect(countStatements({ 'Part A › 1': map['Part A › 1'], x: { status: 'covered', rules: ['R-001'], note: '' } })).toEqual({
      covered: 0,
      partly: 0,
      uncovered: 3,
      'not-checkable': 0,
      'not-a-requirement': 0,
    });
    const proven = { ...s('covered', ['R-001']), faults: { 'f-1': ['R-001'] } };
    expect(countStatements({ 'Part A › 1': { ...map['Part A › 1'], statements: [proven, s('uncovered')] } })).toEqual({
      covered: 1,
      partly: 0,
      uncovered: 1,
      'not-checkable': 0,
      'not-a-requirement': 0,
    });
  });
});
