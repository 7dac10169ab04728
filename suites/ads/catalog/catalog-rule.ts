// A rule of the catalog suite: ads-api-catalog-cards.md, in the ads domain (same client, envelope,
// list parameters and cleanup as the ads suite). Its rules hold the account's cards, draft posts and
// media (not its campaigns: no catalog rule makes or lists one); those that touch the user's one
// catalog hold it.
import type { Capability, Hold, Level, RuleMeta } from '../../../harness/model/rule.ts';
import { CREATIVES } from '../resources.ts';

export const CATALOG_DOC = 'ads-api-catalog-cards.md';

export function catalogRule(
  id: string,
  area: string,
  level: Level,
  section: string,
  item: string,
  title: string,
  needs: Capability[] = [],
  holds: Hold[] = [CREATIVES],
): RuleMeta {
  return { id, title, suite: 'catalog', area, level, source: { doc: CATALOG_DOC, section, item }, needs, holds };
}
