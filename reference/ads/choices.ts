// The ads part's choices: where ads-api-accounts-campaigns.md (and, through catalog/choices.ts,
// ads-api-catalog-cards.md) leaves a choice open that a rule's verdict could depend on, the other
// readings the reference can take (each a switch: conform run --choice ID). What the reference does
// without the switch is `byDefault`.
import type { Choice } from '../host/types.ts';
import { CATALOG_CHOICES } from './catalog/choices.ts';

const ACCOUNTS_CAMPAIGNS_CHOICES = [] as const satisfies readonly Choice[];

export const ADS_CHOICES = [...ACCOUNTS_CAMPAIGNS_CHOICES, ...CATALOG_CHOICES] as const satisfies readonly Choice[];

export type AdsChoiceId = (typeof ADS_CHOICES)[number]['id'] | string;
