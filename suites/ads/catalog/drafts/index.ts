// The checks of the drafts rules, keyed by rule id: draft posts (draft-posts.ts) and account media
// (account-media.ts).
import type { AdsCheck } from '../../api.ts';
import { accountMediaChecks } from './account-media.ts';
import { draftPostChecks } from './draft-posts.ts';
import { draftsEnvelopeChecks } from './envelope.ts';
import { pagingChecks } from './paging.ts';

export const draftsChecks: Record<string, AdsCheck> = {
  ...draftPostChecks,
  ...accountMediaChecks,
  ...pagingChecks,
  ...draftsEnvelopeChecks,
};
