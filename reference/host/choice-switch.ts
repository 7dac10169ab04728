// The host's choice switch: any number of choices on at once, looked up across every part's list.
// Ids are unique across parts, each choice names its part, and two choices that exclude each other
// (two readings of one sentence) cannot be on together. The host's own wire liberties (wire.ts)
// count as the choices of a part named "*": every part's answers take them.

import type { HostModule } from './types.ts';
import { WIRE_CHOICES } from './wire.ts';

/** the check parts call: true when the choice `id` is on */
export type ChoiceCheck = (id: string) => boolean;

/** validates the parts' choice lists and the choices asked for; throws on a clash or an unknown id */
export function choiceSwitch(parts: readonly Pick<HostModule, 'name' | 'choices'>[], on: readonly string[] = []): ChoiceCheck {
  const known = new Map<string, { part: string; excludes: string[] }>();
  for (const part of [{ name: '*', choices: WIRE_CHOICES }, ...parts]) {
    for (const c of part.choices ?? []) {
      const other = known.get(c.id)?.part;
      if (other !== undefined) throw new Error(`choice "${c.id}" is declared by both ${other} and ${part.name}`);
      if (c.domain !== part.name) throw new Error(`choice "${c.id}" of part ${part.name} names domain "${c.domain}"`);
      known.set(c.id, { part: part.name, excludes: c.excludes ?? [] });
    }
  }
  for (const id of on) if (!known.has(id)) throw new TypeError(`unknown choice "${id}"`);
  for (const id of on) {
    const clash = known.get(id)?.excludes.find((x) => on.includes(x));
    if (clash) throw new TypeError(`choices "${id}" and "${clash}" are two readings of one sentence: take one`);
  }
  const active = new Set(on);
  return (id) => active.has(id);
}
