// GET /__control/capabilities: the host's own flag (clock) and every part's flags and limits,
// merged into one answer. A flag several parts name is true when any says true; a limit belongs
// to one part only.

import type { PartCapabilities, MountedModule } from './types.ts';

export function mergeCapabilities(parts: readonly MountedModule[]): Record<string, unknown> {
  const flags: Record<string, boolean> = { clock: true };
  const limits: Record<string, unknown> = {};
  for (const caps of parts.map((p): PartCapabilities => p.capabilities())) {
    for (const [name, on] of Object.entries(caps.flags)) flags[name] = (flags[name] ?? false) || on;
    for (const [name, value] of Object.entries(caps.limits ?? {})) {
      if (Object.hasOwn(limits, name)) throw new Error(`two parts report the limit "${name}"`);
      limits[name] = value;
    }
  }
  return { ...flags, limits };
}
