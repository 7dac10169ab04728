// Which rules run on a tenant of their own (TARGET-CONTRACT §3a): those that hold a per-tenant
// resource alone, share the clock, or share a per-tenant resource with `ownTenant` (the Data API's
// events that each rule judges by id: beside others without tenants, alone on a tenant). There they
// hold the per-tenant resources privately; a rule that only shares one stays on the app.
import { describe, expect, test } from 'vitest';
import type { Domain } from '../../../harness/domain/types.ts';
import { holdsWithTenants } from '../../../harness/engine/tenants.ts';
import { CLOCK_PASSING, exclusive, type Hold, shared } from '../../../harness/model/rule.ts';

const domain = {
  name: 'd',
  tenantSection: 'dSection',
  resources: [
    { id: 'd.events', description: 'events', perTenant: true },
    { id: 'd.failures', description: 'failures' },
  ],
} as unknown as Domain;

const holdsOf = holdsWithTenants([domain]);
const on = (holds: Hold[]) => holdsOf({ domain: 'd', holds });

describe('the holds a rule keeps on a target with tenants', () => {
  test('a shared hold of a per-tenant resource keeps the rule on the app; with ownTenant it goes to a tenant of its own', () => {
    const failures = shared('d.failures');
    expect(on([shared('d.events'), failures])).toEqual([shared('d.events'), failures]);
    expect(on([{ ...shared('d.events'), ownTenant: true }, failures])).toEqual([failures]);
    expect(on([exclusive('d.events'), failures])).toEqual([failures]);
    expect(on([CLOCK_PASSING, failures])).toEqual([failures]);
  });
});
