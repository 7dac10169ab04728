// Faults of the catalog document's drafts rules (suites/ads/catalog/drafts/): each breaks one documented rule.
import { catalogFault } from './fault.ts';

export const CATALOG_DRAFTS_FAULTS = [
  catalogFault('cat-drf-text-optional', 'POST draft_tweets accepts a draft with neither text nor media_keys', ['CAT-DRF-001']),
  catalogFault('cat-drf-media-needs-text', 'POST draft_tweets refuses media_keys without text', ['CAT-DRF-002']),
  catalogFault('cat-drf-name-unbounded', 'POST draft_tweets accepts names over 80 characters', ['CAT-DRF-003']),
  catalogFault('cat-drf-name-in-bytes', 'the draft post name limit is counted in UTF-8 bytes, not characters', ['CAT-DRF-003']),
  catalogFault('cat-drf-media-mix-accepted', 'POST draft_tweets accepts any combination of media kinds', ['CAT-DRF-004']),
  catalogFault('cat-drf-media-unknown-accepted', 'POST draft_tweets accepts media keys outside the media library', ['CAT-DRF-005']),
  catalogFault('cat-drf-as-user-unchecked', 'POST draft_tweets accepts an as_user_id that is no promotable user of the account', [
    'CAT-DRF-006',
  ]),
  catalogFault('cat-drf-single-refused', 'GET draft_tweets/:id answers 404 for every draft', ['CAT-DRF-007']),
  catalogFault('cat-drf-count-unbounded', 'GET draft_tweets takes counts up to 1000', ['CAT-DRF-008']),
  catalogFault('cat-drf-put-ignores-text', 'PUT draft_tweets/:id keeps the old text', ['CAT-DRF-009', 'CAT-DRF-017']),
  catalogFault('cat-drf-media-not-removed', 'PUT draft_tweets/:id with media_keys given no value keeps the media', [
    'CAT-DRF-010',
    'CAT-DRF-017',
  ]),
  catalogFault('cat-drf-put-name-unbounded', 'PUT draft_tweets/:id accepts names over 80 characters', ['CAT-DRF-011']),
  catalogFault('cat-drf-delete-kept', 'DELETE draft_tweets/:id answers but keeps the draft', ['CAT-DRF-012']),
  catalogFault('cat-drf-preview-refused', 'POST draft_tweets/preview/:id refuses an existing draft', ['CAT-DRF-013']),
  catalogFault('cat-drf-card-uri-dropped', 'POST draft_tweets accepts card_uri but does not keep it', ['CAT-DRF-014']),
  catalogFault('cat-amd-ids-ignored', 'GET account_media ignores account_media_ids (and its 200-id limit)', ['CAT-AMD-001']),
  catalogFault('cat-amd-types-ignored', 'GET account_media ignores the creative types filter', ['CAT-AMD-002']),
  catalogFault('cat-amd-count-unbounded', 'GET account_media takes counts above 1000', ['CAT-AMD-003']),
  catalogFault('cat-amd-single-refused', 'GET account_media/:id (without with_deleted) answers 404 for every media', ['CAT-AMD-004']),
  catalogFault('cat-amd-delete-noop', 'DELETE account_media/:id answers but keeps the media', ['CAT-AMD-005']),
  catalogFault('cat-drf-cursor-skips', 'a page of GET draft_tweets reached by cursor loses its first draft post', ['CAT-DRF-015']),
  catalogFault('cat-drf-put-card-uri-ignored', 'PUT draft_tweets/:id ignores card_uri', ['CAT-DRF-016', 'CAT-DRF-017']),
  catalogFault('cat-amd-cursor-skips', 'a page of GET account_media reached by cursor loses its first media', ['CAT-AMD-006']),
  catalogFault('cat-amd-total-count-missing', 'GET account_media with_total_count=true gives no total_count', ['CAT-AMD-007']),
  catalogFault('cat-amd-total-count-with-cursor-accepted', 'GET account_media serves with_total_count=true together with a cursor', [
    'CAT-AMD-007',
  ]),
  catalogFault('cat-total-count-of-page', 'the catalog lists count in total_count the records of the page served, not of the list', [
    'CAT-ICC-010',
    'CAT-AMD-007',
  ]),
  catalogFault('cat-drf-card-uri-kept-on-empty', 'PUT draft_tweets/:id with card_uri of no value keeps the card on the draft', [
    'CAT-DRF-016',
    'CAT-DRF-017',
  ]),
  catalogFault('cat-amd-types-first-only', 'GET account_media filters by the first creative type of a comma list only', ['CAT-AMD-002']),
  catalogFault('cat-amd-vast-preroll-refused', 'GET account_media refuses the listed creative type VAST_PREROLL', ['CAT-AMD-002']),
  catalogFault(
    'cat-drf-list-every-user',
    'GET draft_tweets without a user lists the drafts of every promotable user, not only the FULL one',
    ['CAT-DRF-018'],
  ),
  catalogFault('cat-drf-single-as-array', 'GET draft_tweets/:id answers its one draft post inside an array', ['CAT-DRF-007']),
  catalogFault('cat-amd-single-as-array', 'GET account_media/:id answers its one media inside an array', ['CAT-AMD-004']),
  catalogFault('cat-drf-put-drops-card', 'a PUT of a draft post that does not name card_uri takes the card off it', ['CAT-DRF-017']),
  catalogFault('cat-drf-images-5', 'POST draft_tweets takes 5 images', ['CAT-DRF-004']),
  catalogFault('cat-drf-images-4-refused', 'POST draft_tweets refuses 4 images (takes up to 3)', ['CAT-DRF-002']),
  catalogFault('cat-drf-video-refused', 'POST draft_tweets refuses a video', ['CAT-DRF-002']),
  catalogFault('cat-drf-as-user-ignored', 'POST draft_tweets makes the draft for the FULL promotable user, whoever as_user_id names', [
    'CAT-DRF-018',
  ]),
] as const;
