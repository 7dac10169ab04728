// A comma-separated id filter on its list ("Comma-separated id filters accept up to 200 ids unless
// stated"; each filter of the Endpoints tables): each id the filter may name selects exactly its
// records among the rule's (the others left out), ids of no record leave every record of the rule
// out, 200 ids are accepted and select as few, 201 are refused. Fixed cases, in every run.
import fc from 'fast-check';
import { adsId, LIMITS } from '../../../generators/ads/index.ts';
import type { AdsCtx } from '../api.ts';
import { expectRefused, ok, records, what } from '../reading/answers.ts';
import { together } from '../setup/steps.ts';
import type { IdFilter, ListEndpoint } from './world.ts';

/** n distinct ids that are none of `known` (the same ones for the same run seed) */
export function unknownIds(ctx: AdsCtx, known: readonly string[]): (n: number) => string[] {
  const id = adsId.filter((x) => !known.includes(x));
  return (n) => fc.sample(fc.uniqueArray(id, { minLength: n, maxLength: n }), { numRuns: 1, seed: ctx.runSeed })[0];
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((x) => b.includes(x));

/** the filter `f` of the list `e`, checked on the records the rule knows in it */
export async function checkIdFilter(ctx: AdsCtx, e: ListEndpoint, f: IdFilter): Promise<void> {
  const max = LIMITS.idsPerFilter;
  const named = Object.keys(f.selects);
  const unknown = unknownIds(ctx, [...named, ...e.ids]);
  const ask = (ids: string[]) =>
    ctx.api.ads.call('GET', e.path, {
      query: { ...e.scope, [f.param]: ids.join(','), count: e.takes.count ? LIMITS.countMax : undefined },
    });
  /** the rule's records among those served */
  const among = (res: Awaited<ReturnType<typeof ask>>) =>
    records(res)
      .map((r) => String(r.id))
      .filter((id) => e.ids.includes(id));
  const selecting = (ids: string[], label: string) => async () => {
    const res = await ask(ids);
    ctx.check(ok(res), `GET ${e.path} with ${label} was refused: ${what(res)}`);
    const want = [...new Set(ids.flatMap((id) => (Object.hasOwn(f.selects, id) ? f.selects[id] : [])))];
    const got = among(res);
    ctx.check(
      sameSet(got, want),
      `GET ${e.path} with ${label}: of the records [${e.ids.join(', ')}] it must serve [${want.join(', ')}], it served [${got.join(', ')}]`,
    );
  };
  // whether the target takes ids of no record in the filter (not stated): observed, and the cases
  // that need such ids asked only where it does
  const probe = await ask([...named.slice(0, 1), ...unknown(1)]);
  ctx.observe(`${f.param} on GET ${e.name} naming an id of no record`, ok(probe) ? 'accepted' : `refused (${probe.status})`);
  const takesUnknown = ok(probe);
  const first = named[0];
  await together([
    // each id the filter may name, alone: its records, the rule's others left out; and all of them together
    ...named.map((id) => selecting([id], `${f.param}=${id}`)),
    ...(named.length > 1 ? [selecting(named, `${f.param}=${named.join(',')}`)] : []),
    // ids of no record only: none of the rule's records (or a refusal)
    async () => {
      if (e.ids.length === 0) return;
      if (!takesUnknown)
        return ctx.note(
          `${f.param} on GET ${e.path}: ids of no record are refused, so a filter that names none of the records was not asked`,
        );
      const res = await ask(unknown(3));
      if (ok(res))
        ctx.check(among(res).length === 0, `GET ${e.path} with ${f.param} of 3 ids of no record served [${among(res).join(', ')}]`);
    },
    // the limit: 200 ids accepted (selecting as the real ones among them do), 201 refused
    async () => {
      if (!takesUnknown) return ctx.note(`${f.param} on GET ${e.path}: ids of no record are refused, so 200 ids were not asked`);
      const ids = first === undefined ? unknown(max) : [first, ...unknown(max - 1)];
      await selecting(ids, `${max} ids in ${f.param}`)();
    },
    async () =>
      expectRefused(ctx, await ask(first === undefined ? unknown(max + 1) : [first, ...unknown(max)]), `${f.param} with ${max + 1} ids`),
  ]);
}
