// The consumer part's choices: where its documents leave a choice open that a rule's verdict could
// depend on, the other readings the reference can take (each a switch: conform run --choice ID).
// The reference's default reading of each is what it does without the switch.
import type { Choice } from '../host/types.ts';

export const CONSUMER_CHOICES = [] as const satisfies readonly Choice[];

export type ConsumerChoiceId = (typeof CONSUMER_CHOICES)[number]['id'];
