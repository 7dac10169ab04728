// Each rule's property seed is derived from the run seed and the rule id, so that
// `conform run --seed N --rule ID` replays exactly the cases of a full run with seed N.

export function ruleSeed(runSeed: number, ruleId: string): number {
  let h = 2166136261 ^ runSeed;
  for (let i = 0; i < ruleId.length; i++) {
    h ^= ruleId.charCodeAt(i);
    h = Math.imul(h, 16777619);
  }
  return h | 0;
}

export function freshSeed(): number {
  return (Date.now() ^ (Math.random() * 0x7fffffff)) & 0x7fffffff;
}
