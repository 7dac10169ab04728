// A run whose config lacks one key (conform init wrote an ads config without allowWrites: 30 passed,
// 96 not checkable, exit 0) says so in one line of its summary, naming the key and the count.
import { describe, expect, test } from 'vitest';
import { mostlyUnsetLine } from '../../reports/notices.ts';
import type { RuleResult, RunReport } from '../../harness/model/result.ts';

const WRITES =
  'this rule creates and deletes records at https://ads.acme.test, which is not the sandbox address: set target.adsApi.allowWrites: true to allow it';

function rules(passed: number, unset: number, other = 0, reason = WRITES): RuleResult[] {
  const r = (i: number, status: RuleResult['status'], reason?: string) =>
    ({ id: `ADS-X-${i}`, title: 't', level: 'MUST', status, reason, evidence: [] }) as unknown as RuleResult;
  return [
    ...Array.from({ length: passed }, (_, i) => r(i, 'passed')),
    ...Array.from({ length: unset }, (_, i) => r(100 + i, 'not-checkable', reason)),
    ...Array.from({ length: other }, (_, i) => r(300 + i, 'not-checkable', 'the target offers no test-control API')),
  ];
}

describe('many MUST rules not checkable for want of one config key', () => {
  test('one line naming the key and the count', () => {
    const line = mostlyUnsetLine({ rules: rules(30, 80, 16) } as RunReport);
    expect(line).toBe(
      '80 of 126 MUST rules were not checkable for want of target.adsApi.allowWrites (each says so): set it in the config to check them',
    );
  });

  // an outside catalog target named the website destination's URL website_url (the document does not
  // show the name): 35 of 119 MUST rules not checkable, exit 0, and no line said why
  test('one line when more than a quarter name it: a name the document does not show', () => {
    const reason =
      'POST cards with … was refused (400 …): … url (target.adsApi.catalogParams.websiteUrl) sent, a target naming them otherwise needs those keys set to its names';
    expect(mostlyUnsetLine({ rules: rules(84, 35, 0, reason) } as RunReport)).toBe(
      '35 of 119 MUST rules were not checkable for want of target.adsApi.catalogParams.websiteUrl (each says so): set it in the config to check them',
    );
  });

  // an outside consumer's faulty app kept processing forged events: 10 of 22 MUST rules not checkable
  // "within consumer.settleMs = 1500 ms", and the line said to set a key the config had set
  test('nothing for a key the reasons give the value of: it was set', () => {
    const reason = 'the app had not settled within consumer.settleMs = 1500 ms: 16 events, and its probe still changed';
    expect(mostlyUnsetLine({ rules: rules(12, 10, 0, reason) } as RunReport)).toBeUndefined();
    // named again without its value in the same reason, it is still a key that was set
    expect(mostlyUnsetLine({ rules: rules(12, 10, 0, `${reason}; raise consumer.settleMs`) } as RunReport)).toBeUndefined();
  });

  test('nothing when a quarter or fewer name it', () => {
    expect(mostlyUnsetLine({ rules: rules(100, 20) } as RunReport)).toBeUndefined();
    expect(mostlyUnsetLine({ rules: rules(90, 30) } as RunReport)).toBeUndefined();
    expect(mostlyUnsetLine({ rules: rules(10, 0, 60) } as RunReport)).toBeUndefined();
  });
});
