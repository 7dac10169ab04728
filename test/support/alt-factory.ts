// The independently written implementation as a local target.
import type { LocalTargetFactory } from '../../harness/engine/local-target.ts';
import { startAltTarget } from '../alt-target/index.ts';

export const altTarget: LocalTargetFactory = (o) => startAltTarget(o);
