// The ads part's fault catalogue: each entry is one deliberate deviation from one documented rule
// of ads-api-accounts-campaigns.md, one file per area under faults/. The host keeps at most one
// fault active; everything else stays correct. `breaks` names the harness rule ids it fails.
import { ACCOUNTS_FAULTS } from './accounts.ts';
import { ACCOUNTS_FAMILY_FAULTS, ACCOUNTS_PARAMETER_FAULTS } from './accounts-families.ts';
import { BATCH_FAULTS } from './batch.ts';
import { CAMPAIGNS_FAULTS } from './campaigns.ts';
import { CAMPAIGNS_FAMILY_FAULTS } from './campaigns-families.ts';
import { CATALOG_ACCESS_FAULTS } from './catalog-access.ts';
import { CATALOG_CARDS_FAULTS } from './catalog-cards.ts';
import { CATALOG_CARDS_FAMILY_FAULTS } from './catalog-cards-families.ts';
import { CATALOG_DRAFTS_FAULTS } from './catalog-drafts.ts';
import { CATALOG_DRAFTS_FAMILY_FAULTS } from './catalog-drafts-families.ts';
import { CATALOG_PRODUCTS_FAULTS } from './catalog-products.ts';
import { ENVELOPE_FAULTS } from './envelope.ts';
import { ENVELOPE_FAMILY_FAULTS } from './envelope-families.ts';
import { LINE_ITEMS_FAULTS } from './line-items.ts';
import { LINE_ITEMS_FAMILY_FAULTS } from './line-items-families.ts';
import { LISTS_FAULTS } from './lists.ts';
import { LISTS_FAMILY_FAULTS } from './lists-families.ts';
import { LOOKUPS_FAULTS } from './lookups.ts';
import { LOOKUPS_FAMILY_FAULTS, LOOKUPS_PARAMETER_FAULTS } from './lookups-families.ts';
import { PROMOTED_FAULTS } from './promoted.ts';
import { PROMOTED_FAMILY_FAULTS } from './promoted-families.ts';
import { ROLES_FAULTS } from './roles.ts';
import { SANDBOX_FAULTS } from './sandbox.ts';
import { SANDBOX_FAMILY_FAULTS } from './sandbox-families.ts';

export const ADS_FAULTS = [
  ...ENVELOPE_FAULTS,
  ...ENVELOPE_FAMILY_FAULTS,
  ...LISTS_FAULTS,
  ...LISTS_FAMILY_FAULTS,
  ...ACCOUNTS_FAULTS,
  ...ACCOUNTS_FAMILY_FAULTS,
  ...ACCOUNTS_PARAMETER_FAULTS,
  ...SANDBOX_FAULTS,
  ...SANDBOX_FAMILY_FAULTS,
  ...LOOKUPS_FAULTS,
  ...LOOKUPS_FAMILY_FAULTS,
  ...LOOKUPS_PARAMETER_FAULTS,
  ...CAMPAIGNS_FAULTS,
  ...CAMPAIGNS_FAMILY_FAULTS,
  ...BATCH_FAULTS,
  ...LINE_ITEMS_FAULTS,
  ...LINE_ITEMS_FAMILY_FAULTS,
  ...PROMOTED_FAULTS,
  ...PROMOTED_FAMILY_FAULTS,
  ...ROLES_FAULTS,
  ...CATALOG_PRODUCTS_FAULTS,
  ...CATALOG_CARDS_FAULTS,
  ...CATALOG_CARDS_FAMILY_FAULTS,
  ...CATALOG_DRAFTS_FAULTS,
  ...CATALOG_DRAFTS_FAMILY_FAULTS,
  ...CATALOG_ACCESS_FAULTS,
] as const;
