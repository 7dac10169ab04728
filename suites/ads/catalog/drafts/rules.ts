// The drafts rules of the catalog suite (ads-api-catalog-cards.md), as data: draft posts (CAT-DRF)
// and account media (CAT-AMD).
import type { Hold, RuleMeta } from '../../../../harness/model/rule.ts';
import { CREATIVES_COUNTED, WALKS_CREATIVES } from '../../resources.ts';
import { catalogRule } from '../catalog-rule.ts';

const DRAFTS = 'Endpoints › Draft posts';
const MEDIA = 'Endpoints › Account media';
const FIELDS = 'Resources and their fields › Card, draft post, account media';
const POST = 'POST | /accounts/:account_id/draft_tweets';
const PUT = 'PUT | /accounts/:account_id/draft_tweets/:draft_tweet_id';
const LIST = 'GET | /accounts/:account_id/account_media';
const rule = (id: string, level: 'MUST' | 'OBSERVE', section: string, item: string, title: string, holds?: Hold[]) =>
  catalogRule(id, 'drafts', level, section, item, title, [], holds);

export const DRAFTS_RULES: RuleMeta[] = [
  rule('CAT-DRF-001', 'MUST', DRAFTS, POST, 'A draft post with neither text nor media_keys is refused'),
  rule(
    'CAT-DRF-002',
    'MUST',
    DRAFTS,
    POST,
    'A draft post with media_keys within the media rule (up to 4 images, or 1 GIF, or 1 video) and no text is created',
  ),
  rule('CAT-DRF-003', 'MUST', DRAFTS, POST, 'A draft post name of 80 characters is accepted, a longer one refused'),
  rule(
    'CAT-DRF-004',
    'MUST',
    'Limits',
    'Draft post media',
    'media_keys outside the media rule (images with a video or a GIF, two videos, two GIFs, five images) are refused',
  ),
  rule('CAT-DRF-005', 'MUST', DRAFTS, POST, 'media_keys naming media that is not in the media library is refused'),
  rule(
    'CAT-DRF-006',
    'MUST',
    DRAFTS,
    POST,
    'as_user_id naming a user who has not granted the caller access (no promotable user of the account) is refused',
  ),
  rule(
    'CAT-DRF-007',
    'MUST',
    DRAFTS,
    'GET | /accounts/:account_id/draft_tweets/:draft_tweet_id',
    'A created draft post is served by GET draft_tweets/:id (data one object) and listed by GET draft_tweets (the FULL promotable user by default)',
  ),
  rule(
    'CAT-DRF-008',
    'MUST',
    DRAFTS,
    'GET | /accounts/:account_id/draft_tweets',
    'GET draft_tweets takes count 1 to 200 and refuses 0 and 201',
  ),
  rule('CAT-DRF-009', 'MUST', DRAFTS, PUT, 'PUT with text replaces the text of the draft post'),
  rule('CAT-DRF-010', 'MUST', DRAFTS, PUT, 'PUT with media_keys given no value removes the media of the draft post'),
  rule('CAT-DRF-011', 'MUST', DRAFTS, PUT, 'PUT with a name of 80 characters is taken, a longer one refused'),
  rule(
    'CAT-DRF-012',
    'MUST',
    DRAFTS,
    'DELETE | /accounts/:account_id/draft_tweets/:draft_tweet_id',
    'A deleted draft post is no longer listed (whether GET still serves it is observed: the document gives DELETE no more words)',
  ),
  rule(
    'CAT-DRF-013',
    'MUST',
    DRAFTS,
    'POST | /accounts/:account_id/draft_tweets/preview/:draft_tweet_id',
    'Preview of an existing draft post is accepted (of an unknown one: observed, no sentence says)',
  ),
  rule(
    'CAT-DRF-014',
    'MUST',
    DRAFTS,
    '¶1',
    'A draft post created with the card_uri of a card of the account is accepted and carries that card URI',
  ),
  rule(
    'CAT-DRF-OBS-001',
    'OBSERVE',
    FIELDS,
    'Card, draft post, account media ¶1',
    'The fields of a draft post record (not shown by the document)',
  ),
  rule(
    'CAT-AMD-001',
    'MUST',
    MEDIA,
    LIST,
    'GET account_media filtered by account_media_ids answers only those media; 200 ids are taken, more refused',
  ),
  rule(
    'CAT-AMD-002',
    'MUST',
    MEDIA,
    LIST,
    'GET account_media filtered by creative types (one, a comma list of two, all nine) answers only media of those types',
  ),
  rule('CAT-AMD-003', 'MUST', MEDIA, LIST, 'GET account_media takes count 1 to 1000 and refuses 0 and 1001'),
  rule(
    'CAT-AMD-004',
    'MUST',
    MEDIA,
    'GET | /accounts/:account_id/account_media/:account_media_id',
    'GET account_media/:id serves the media of the library; an unknown id is refused',
  ),
  rule(
    'CAT-AMD-005',
    'MUST',
    MEDIA,
    'DELETE | /accounts/:account_id/account_media/:account_media_id',
    'Deleted account media is listed and served only with with_deleted=true',
  ),
  rule(
    'CAT-AMD-OBS-001',
    'OBSERVE',
    FIELDS,
    'Card, draft post, account media ¶1',
    'The fields of an account media record (not shown by the document)',
  ),
  rule(
    'CAT-DRF-015',
    'MUST',
    DRAFTS,
    'GET | /accounts/:account_id/draft_tweets',
    'Pages of GET draft_tweets followed by next_cursor list each draft post once and end with next_cursor null',
    WALKS_CREATIVES,
  ),
  rule(
    'CAT-DRF-016',
    'MUST',
    DRAFTS,
    PUT,
    'PUT with card_uri attaches the card to the draft post and card_uri with no value removes it; POST and PUT take the nullcast flag true and false, and a record carrying nullcast holds the value last given',
  ),
  rule(
    'CAT-AMD-006',
    'MUST',
    MEDIA,
    LIST,
    'Pages of GET account_media followed by next_cursor list each account media once and end with next_cursor null',
    WALKS_CREATIVES,
  ),
  rule(
    'CAT-AMD-007',
    'MUST',
    MEDIA,
    LIST,
    'GET account_media with with_total_count=true adds total_count, the number of media listed; with a cursor it is refused',
    CREATIVES_COUNTED,
  ),
  rule(
    'CAT-AMD-OBS-002',
    'OBSERVE',
    MEDIA,
    LIST,
    'sort_by on GET account_media (values not shown) and a creative type outside the nine listed',
  ),
  rule(
    'CAT-DRF-018',
    'MUST',
    DRAFTS,
    'GET | /accounts/:account_id/draft_tweets',
    "A draft post made with as_user_id of another promotable user is left out of GET draft_tweets by default (the FULL user), where the FULL user's draft is listed",
  ),
  rule(
    'CAT-DRF-020',
    'MUST',
    DRAFTS,
    'GET | /accounts/:account_id/draft_tweets',
    "GET draft_tweets for another promotable user (user_id) lists that user's draft post and not the FULL user's",
  ),
  rule(
    'CAT-DRF-019',
    'MUST',
    DRAFTS,
    'GET | /accounts/:account_id/draft_tweets',
    'GET draft_tweets answers in the shared envelope: request.params echoes the parameters sent, data an array, next_cursor',
  ),
  rule(
    'CAT-AMD-008',
    'MUST',
    MEDIA,
    LIST,
    'GET account_media and account_media/:id answer in the shared envelope: request.params echoes the parameters sent, data an array or an object, next_cursor on the list',
  ),
  rule(
    'CAT-DRF-017',
    'MUST',
    DRAFTS,
    PUT,
    'Sequences of PUT changes (text, card_uri set or given no value, media_keys set or given no value) leave the draft post with the text, card and media of a model',
  ),
];
