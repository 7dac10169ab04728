// The checks of the cards rules, keyed by rule id.
import type { AdsCheck } from '../../api.ts';
import { appLinkChecks } from './app-links.ts';
import { conversationChecks } from './conversation.ts';
import { envelopeChecks } from './envelope.ts';
import { filterChecks } from './filters.ts';
import { genericChecks } from './generic.ts';
import { optionChecks } from './options.ts';
import { slidesAndMediaChecks } from './slides-and-media.ts';
import { unlockChecks } from './unlock.ts';
import { videoChecks } from './video.ts';

export const cardsChecks: Record<string, AdsCheck> = {
  ...genericChecks,
  ...conversationChecks,
  ...videoChecks,
  ...filterChecks,
  ...slidesAndMediaChecks,
  ...envelopeChecks,
  ...optionChecks,
  ...appLinkChecks,
  ...unlockChecks,
};
