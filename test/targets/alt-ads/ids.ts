// Identifiers. Records get 9-character lower-case base-36 ids from one counter that never goes
// back (not even after a reset); users and posts get decimal ids, also from a counter.
let recordSeq = 36 ** 8 + Math.floor(Math.random() * 36 ** 7);
let numericSeq = 7_300_000_000_000_000_000n + BigInt(Math.floor(Math.random() * 1e9)) * 1000n;
let order = 0;

export function recordId(): string {
  recordSeq += 1 + Math.floor(Math.random() * 3);
  return recordSeq.toString(36);
}

export function numericId(): string {
  numericSeq += 1n + BigInt(Math.floor(Math.random() * 50));
  return numericSeq.toString();
}

/** creation order across every collection (lists sort by it) */
export function nextOrder(): number {
  order += 1;
  return order;
}
