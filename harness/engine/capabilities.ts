// What the target offers: the engine's own grants (the control API's reset and clock) joined with
// each open domain's grants, and why each missing capability is missing.
import type { Grants, TargetCapabilities } from '../model/grants.ts';
import type { Capability } from '../model/rule.ts';
import type { ControlCapabilities } from '../target/control.ts';

export type { TargetCapabilities } from '../model/grants.ts';

export const CONTROL_HINT = 'the target offers no test-control API (config key target.control)';

/**
 * Why the control API grants none of `flags`, as its capabilities said it: a flag they name it
 * reports false (only true counts), one they do not name it does not offer.
 */
export function flagsNotOffered(control: ControlCapabilities, flags: readonly string[]): string {
  const named = flags.filter((f) => Object.hasOwn(control.flags, f));
  const unnamed = flags.filter((f) => !Object.hasOwn(control.flags, f));
  const said = [
    ...(named.length ? [`reports ${named.join(' and ')}: false`] : []),
    ...(unnamed.length
      ? [`does not offer ${unnamed.join(' or ')} (its capabilities do not name ${unnamed.length > 1 ? 'them' : 'it'})`]
      : []),
  ];
  return `the control API ${said.join(' and ')}`;
}

/** A control flag as a grant: granted when the control API reports it true, else the reason. */
export function controlFlag(grants: Grants, control: ControlCapabilities | undefined, cap: Capability, flag: string): void {
  if (control?.flags[flag]) grants.has.push(cap);
  else grants.missing[cap] = control ? flagsNotOffered(control, [flag]) : CONTROL_HINT;
}

/**
 * An item of a control list (TARGET-CONTRACT §3b: `actions`, `roles`) as a grant: granted when the
 * control API lists it, else the reason.
 */
export function controlListed(grants: Grants, control: ControlCapabilities | undefined, cap: Capability, list: string, item: string): void {
  if (control?.lists[list]?.includes(item)) grants.has.push(cap);
  else
    grants.missing[cap] = !control
      ? CONTROL_HINT
      : control.lists[list]
        ? `the control API's ${list} do not include ${item}`
        : `the control API offers no ${list} (TARGET-CONTRACT §3b)`;
}

export function engineGrants(control: ControlCapabilities | undefined): Grants {
  const grants: Grants = { has: [], missing: {} };
  if (control) grants.has.push('control.reset');
  else grants.missing['control.reset'] = CONTROL_HINT;
  controlFlag(grants, control, 'control.clock', 'clock');
  // users of the app (TARGET-CONTRACT §3b)
  controlFlag(grants, control, 'control.users', 'users');
  return grants;
}

export function joinGrants(all: Grants[]): TargetCapabilities {
  const has = new Set<Capability>();
  const missing: TargetCapabilities['missing'] = {};
  for (const g of all) {
    for (const c of g.has) has.add(c);
    Object.assign(missing, g.missing);
  }
  for (const c of has) delete missing[c];
  return { has, missing };
}

/** undefined when every need is met, else the reason naming what is missing. */
export function unmetNeeds(needs: Capability[], caps: TargetCapabilities): string | undefined {
  const reasons = needs.filter((n) => !caps.has.has(n)).map((n) => `${n}: ${caps.missing[n] ?? 'not offered'}`);
  return reasons.length ? `needs ${reasons.join('; ')}` : undefined;
}
