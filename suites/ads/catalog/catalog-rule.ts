// A rule of the catalog suite: ads-api-catalog-cards.md, in the ads domain (same client, envelope,
// list parameters and cleanup as the ads suite). Rules that touch the user's one catalog hold it.
import type { Capability, Hold, Level, RuleMeta } from '../../../harness/model/rule.ts';
import { ACCOUNT } from '../resources.ts';

export const CATALOG_DOC = 'ads-api-catalog-cards.md';

export function catalogRule(
  id: string,
  area: string,
  level: Level,
  section: string,
  item: string,
  title: string,
  needs: Capability[] = [],
  holds: Hold[] = [ACCOUNT],
): RuleMeta {
  return { id, title, suite: 'catalog', area, level, source: { doc: CATALOG_DOC, section, item }, needs, holds };
}
