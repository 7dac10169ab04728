// GET /__control/capabilities: the host's own flags (clock, users) and every part's flags, lists
// and limits, merged into one answer. A flag several parts name is true when any says true; a list
// several parts name is the union of theirs; a limit belongs to one part only.

import type { PartCapabilities, MountedModule } from './types.ts';

export function mergeCapabilities(parts: readonly MountedModule[]): Record<string, unknown> {
  const flags: Record<string, boolean> = { clock: true, users: true };
  const lists: Record<string, string[]> = {};
  const limits: Record<string, unknown> = {};
  for (const caps of parts.map((p): PartCapabilities => p.capabilities())) {
    for (const [name, on] of Object.entries(caps.flags)) flags[name] = (flags[name] ?? false) || on;
    for (const [name, items] of Object.entries(caps.lists ?? {})) lists[name] = [...new Set([...(lists[name] ?? []), ...items])];
    for (const [name, value] of Object.entries(caps.limits ?? {})) {
      if (Object.hasOwn(limits, name)) throw new Error(`two parts report the limit "${name}"`);
      limits[name] = value;
    }
  }
  return { ...flags, ...lists, limits };
}
