// The catalog document's choices (ads-api-catalog-cards.md): where it leaves a choice open that a
// catalog rule's verdict could depend on, the other readings the reference can take (each a
// switch: conform run --choice ID). Part of the ads part's choices (../choices.ts).
import type { Choice } from '../../host/types.ts';

export const CATALOG_CHOICES = [] as const satisfies readonly Choice[];
