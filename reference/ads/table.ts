// One collection of records of one account (campaigns, line items, …): records kept in API form
// (the fields the envelope serves), in creation order, with the creation sequence that list
// pagination uses as its tiebreak.
import { plainCopy } from './plain-copy.ts';

export interface Rec {
  id: string;
  created_at: string;
  updated_at: string;
  deleted: boolean;
  [field: string]: unknown;
}

export class Table<R extends Rec = Rec> {
  readonly #rows = new Map<string, { seq: number; rec: R }>();

  add(seq: number, rec: R): R {
    this.#rows.set(rec.id, { seq, rec });
    return rec;
  }

  get(id: string): R | undefined {
    return this.#rows.get(id)?.rec;
  }

  seqOf(id: string): number {
    return this.#rows.get(id)?.seq ?? 0;
  }

  /** every record, in creation order */
  all(): R[] {
    return [...this.#rows.values()].map((r) => r.rec);
  }

  get size(): number {
    return this.#rows.size;
  }

  snapshot(): TableSnapshot {
    return { rows: [...this.#rows].map(([id, r]) => [id, { seq: r.seq, rec: plainCopy(r.rec) }]) };
  }

  /** puts the rows back in place: records keep their identity where they existed, so references stay valid */
  restore(s: TableSnapshot): void {
    const current = new Map(this.#rows);
    this.#rows.clear();
    for (const [id, r] of s.rows) {
      const live = current.get(id)?.rec;
      if (live) {
        // the saved fields in their order; a record that kept its fields is only written over (a
        // deleted field slows every later read of the record)
        const keys = Object.keys(live);
        const saved = Object.keys(r.rec);
        if (keys.length !== saved.length || keys.some((k, i) => k !== saved[i])) for (const k of keys) delete live[k];
        Object.assign(live, r.rec);
        this.#rows.set(id, { seq: r.seq, rec: live });
      } else this.#rows.set(id, r as { seq: number; rec: R });
    }
  }
}

/** a copy of a table's rows to put back when a batch fails as a group */
export interface TableSnapshot {
  rows: [string, { seq: number; rec: Rec }][];
}
