// The ads part's choices: where ads-api-accounts-campaigns.md (and, through catalog/choices.ts,
// ads-api-catalog-cards.md) leaves a choice open that a rule's verdict could depend on, the other
// readings the reference can take (each a switch: conform run --choice ID). What the reference does
// without the switch is `byDefault`. The handlers read them as ctx.choice('id'), as they read faults.
import type { Choice } from '../host/types.ts';
import { choicesOf } from '../choice.ts';
import { CATALOG_CHOICES } from './catalog/choices.ts';

const DOC = 'ads-api-accounts-campaigns.md';

const choice = choicesOf(DOC, 'ads', 'ads');

const CAMPAIGNS = 'Endpoints › Campaigns';
const LINE_ITEMS = 'Endpoints › Line items';
const CATEGORIES_PUT = 'PUT line item: categories | string | IAB categories; required when placement is PUBLISHER_NETWORK';

const ACCOUNTS_CAMPAIGNS_CHOICES = [
  // --- lists -----------------------------------------------------------------------------------------
  choice(
    'list-cursor-offset',
    'Endpoints › Common conventions › 3',
    'cursor | string | none | from next_cursor of the previous page (what a cursor holds, and how pages behave while records come and go: not shown)',
    'a cursor names the last record served (keyset): each record is visited once even when records are added or deleted between pages',
    'a cursor is an offset into the list as it stands: a record deleted before it between two pages makes the next page skip one',
  ),
  // --- errors --------------------------------------------------------------------------------------
  choice(
    'ads-errors-plain-text',
    'Errors',
    'Error body shape and error code list of the advertising interface: not shown.',
    'a refused call (not a batch: its errors and operation_errors are members) answers {"errors":[{"code","message","parameter"?}],"request":{"params"}} as application/json, as the real API does',
    'a refused call (not a batch) answers text/plain: one line per error, "CODE: message"',
  ),
  choice(
    'batch-items-as-answers',
    CAMPAIGNS,
    'Batch rules 4. Response items have the structure of the matching single-item response.',
    "each item of a successful batch's data is the record, as the single-item answer's data (as the real API answers)",
    'each item of a successful batch\'s data is a whole single-item answer: {"request":{"params"},"data":record}',
  ),
  // --- campaigns -----------------------------------------------------------------------------------
  choice(
    'campaign-put-without-daily-clears',
    CAMPAIGNS,
    'On update, a missing daily budget makes the campaign spend evenly over the flight from the total budget.',
    'a PUT that does not name daily_budget_amount_local_micro keeps the stored daily budget',
    'a PUT that does not name daily_budget_amount_local_micro clears the daily budget (null): the campaign spends from the total budget',
  ),
  choice(
    'campaign-empty-value-not-given',
    `${CAMPAIGNS} › Campaign create parameters`,
    'budget_optimization | string | no | CAMPAIGN (default) or LINE_ITEM (the table does not say whether an empty value counts as given)',
    'an empty value of a campaign parameter (budget_optimization="") is a value outside its list: refused (400)',
    'an empty value of a campaign parameter, on POST, PUT and batch items, is taken as not given: the default or the stored value applies',
  ),
  choice(
    'campaign-daily-budget-always-required',
    `${CAMPAIGNS} › Campaign create parameters`,
    'daily_budget_amount_local_micro | long | no | at most total budget; required for most funding instrument types',
    'a daily budget is required for credit card funding instruments only (the fixtures fund campaigns with an insertion order)',
    'every funding instrument needs a daily budget: a campaign created without one is refused (400)',
  ),
  // --- line items ----------------------------------------------------------------------------------
  choice(
    'line-item-auto-bid-dropped',
    LINE_ITEMS,
    'bid_strategy | string | AUTO (ignores bid amount), MAX …, TARGET …',
    'a line item with bid_strategy AUTO keeps and shows the bid amount it was given',
    'a line item with bid_strategy AUTO drops the bid amount it is given: bid_amount_local_micro is answered null',
  ),
  choice(
    'line-item-pay-by-change-ignored',
    LINE_ITEMS,
    'pay_by | string | APP_CLICK, IMPRESSION, LINK_CLICK; changeable only for APP_INSTALLS (what a PUT that changes it on another objective gets: not shown)',
    'a PUT that changes pay_by on a line item of an objective other than APP_INSTALLS is refused (400)',
    'a PUT that changes pay_by on a line item of an objective other than APP_INSTALLS is accepted and leaves pay_by as it was',
  ),
  choice(
    'line-item-target-keeps-pay-by',
    LINE_ITEMS,
    'pay_by | … IMPRESSION is the default for APP_INSTALLS and LINK_CLICKS goals but not supported with bid_strategy TARGET (what a PUT to TARGET does to a line item that pays by IMPRESSION: not shown)',
    'a PUT that moves a line item (other than APP_INSTALLS) to another bid strategy sets its pay_by anew from its goal and strategy: IMPRESSION gives way to LINK_CLICK under TARGET',
    'a PUT keeps the stored pay_by: moving a line item that pays by IMPRESSION to TARGET is refused (400)',
  ),
  choice(
    'line-item-categories-any-kept',
    LINE_ITEMS,
    `${CATEGORIES_PUT} (what a value that is no IAB category code does: not shown)`,
    'a categories value that is no IAB category code (SPORTS) is refused (400)',
    'categories on a line item of an objective other than PREROLL_VIEWS take any words, kept as sent',
    ['line-item-categories-unknown-dropped'],
  ),
  choice(
    'line-item-categories-unknown-dropped',
    LINE_ITEMS,
    `${CATEGORIES_PUT} (what a value that is no IAB category code does: not shown)`,
    'a categories value that is no IAB category code (SPORTS) is refused (400)',
    'on a line item of an objective other than PREROLL_VIEWS, categories that are no IAB category code are ignored: the IAB codes among them are kept, the others dropped',
    ['line-item-categories-any-kept'],
  ),
  choice(
    'preroll-categories-count-business-categories',
    'Endpoints › Reference lookups',
    'GET /advertiser_business_categories: for line items with objective PREROLL_VIEWS; one or two categories must be set on such a line item via the line item `categories` parameter, using the iab_categories listed',
    'one or two categories are one or two IAB codes, each among the iab_categories the lookup lists',
    'one or two categories are one or two advertiser business categories, each given by iab_categories it lists (so three or more codes of one or two business categories are taken)',
  ),
  choice(
    'media-creative-preroll-needs-preroll-views',
    'Endpoints › Media creatives',
    'This associates account media with a line item, used for in-stream (creative_type PREROLL) or image ads. (Which objectives take in-stream media: not shown.)',
    'PREROLL media may be associated with a line item of any objective',
    'PREROLL media may be associated only with a PREROLL_VIEWS line item: on another objective it is refused (400)',
  ),
  // --- features ------------------------------------------------------------------------------------
  choice(
    'ads-fixture-account-without-features',
    'Endpoints › Accounts',
    "GET /accounts/:account_id/features: data is an array of feature key strings; only features granted to the account appear (which features an account holds: the account's; TARGET-CONTRACT §3 POST /ads/fixtures names none)",
    "the fixtures' account holds REACH_AND_FREQUENCY_ANALYTICS and WEBSITE_CLICKS_CPM_BILLING: GET features has something to filter",
    "the fixtures' account holds no feature: GET features answers an empty list, whatever feature_keys asks",
  ),
  // --- roles and permissions (TARGET-CONTRACT §3b users; access/policy.ts) ------------------------
  choice(
    'role-ad-manager-edits-account',
    'Endpoints › Accounts',
    'AD_MANAGER (full access without users and settings) (which calls are "settings": not stated)',
    'PUT /accounts/:account_id (name, industry_type) is settings: AD_MANAGER is refused it (403)',
    "PUT /accounts/:account_id is no setting (the sandbox's features are): AD_MANAGER renames the account",
  ),
  choice(
    'role-narrow-see-no-account',
    'Endpoints › Accounts',
    'ANALYST (organic analytics and audience insights only), PARTNER_AUDIENCE_MANAGER (API-only, data partner audiences) (whether they read the account record: not stated)',
    'every role reads the account it holds its role on (its record, apps, funding instruments, features)',
    'ANALYST and PARTNER_AUDIENCE_MANAGER read nothing of the account but their own access: GET /accounts/:account_id and the like are refused (403)',
  ),
  choice(
    'role-nullcast-without-tweet-composer',
    'Endpoints › Accounts',
    'The extra permission TWEET_COMPOSER allows creating promoted-only posts (whether the roles with full access or creatives need it for that: not stated)',
    'a promoted-only (nullcast) draft post needs TWEET_COMPOSER, whatever the role',
    'ACCOUNT_ADMIN, AD_MANAGER and CREATIVE_MANAGER create promoted-only draft posts without TWEET_COMPOSER',
  ),
  choice(
    'users-drop-lone-tweet-composer',
    'Endpoints › Accounts',
    'The extra permission TWEET_COMPOSER … is available only with ACCOUNT_ADMIN, AD_MANAGER or CREATIVE_MANAGER (what POST /users does when asked for it with another role or none: TARGET-CONTRACT §3b does not say)',
    'POST /users refuses TWEET_COMPOSER without one of its three roles (400)',
    'POST /users makes the user without TWEET_COMPOSER: with another role the user holds that role alone, with none it holds nothing on any account',
  ),
  choice(
    'role-hidden-campaigns-listed-empty',
    'Endpoints › Accounts',
    'CREATIVE_MANAGER (creatives and previews, no campaigns) (how a role is kept from campaigns: not stated)',
    'a role that may not see campaigns is refused their lists (403)',
    'a role that may not see campaigns gets their lists answered empty (200, no records)',
  ),
  choice(
    'role-partner-audience-manager-reads-campaigns',
    'Endpoints › Accounts',
    'PARTNER_AUDIENCE_MANAGER (API-only, data partner audiences) (whether it sees campaigns: not stated; its words name what it is for and write no exclusion, unlike "no campaigns" and "… only")',
    'PARTNER_AUDIENCE_MANAGER is refused campaigns and what hangs under them (403), reads as changes',
    'PARTNER_AUDIENCE_MANAGER reads campaigns and what hangs under them (line items, promoted entities, targeting), as CAMPAIGN_ANALYST does; it changes none',
  ),
  choice(
    'role-previews-not-excluded',
    'Endpoints › Accounts',
    'CAMPAIGN_ANALYST (view campaigns and stats), PARTNER_AUDIENCE_MANAGER (API-only, data partner audiences) (whether a role whose words neither name nor exclude previews may preview a draft post: not stated; a preview changes no record, it sends the user a notification)',
    'a draft post preview needs "full access" or "creatives and previews": CAMPAIGN_ANALYST and PARTNER_AUDIENCE_MANAGER are refused it (403)',
    'CAMPAIGN_ANALYST and PARTNER_AUDIENCE_MANAGER preview a draft post (ANALYST, "… only", is still refused)',
  ),
] as const satisfies readonly Choice[];

export const ADS_CHOICES = [...ACCOUNTS_CAMPAIGNS_CHOICES, ...CATALOG_CHOICES] as const satisfies readonly Choice[];

export type AdsChoiceId = (typeof ADS_CHOICES)[number]['id'];
