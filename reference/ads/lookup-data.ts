// The reference lists the lookup endpoints serve, shaped like the real API's examples (a few
// entries each). Content categories map to disjoint IAB codes, so that a set of IAB_CATEGORY
// targeting criteria names each content category it touches unambiguously.

export const BUSINESS_CATEGORIES = [
  {
    id: '1jl',
    name: 'Consumer Packaged Goods',
    iab_categories: ['IAB9-26', 'IAB9-18', 'IAB6', 'IAB4', 'IAB23', 'IAB16', 'IAB22', 'IAB10'],
  },
  { id: '1jm', name: 'Health & Pharma', iab_categories: ['IAB7'] },
  { id: '1jn', name: 'Alcohol', iab_categories: ['IAB8-5', 'IAB8-18'] },
  { id: '1jp', name: 'Financial Services', iab_categories: ['IAB3', 'IAB13', 'IAB21'] },
  { id: '1jq', name: 'Retail', iab_categories: ['IAB18'] },
  { id: '1jr', name: 'Travel', iab_categories: ['IAB20'] },
  { id: '1js', name: 'Gaming', iab_categories: ['IAB9-30'] },
  { id: '1jt', name: 'Technology', iab_categories: ['IAB19-22', 'IAB19-6'] },
] as const;

export const CONTENT_CATEGORIES = [
  {
    name: 'Automotive (Cars, Trucks, Racing)',
    id: 'ru',
    iab_categories: ['IAB2'],
    publishers_in_last_thirty_days: 12,
    videos_monetized_in_last_thirty_days: 316,
  },
  { name: 'Comedy', id: 'sk', iab_categories: ['IAB1-4'], publishers_in_last_thirty_days: 19, videos_monetized_in_last_thirty_days: 174 },
  {
    name: 'Digital Creators',
    id: 'sl',
    iab_categories: ['IAB25-1'],
    publishers_in_last_thirty_days: 110,
    videos_monetized_in_last_thirty_days: 1257,
  },
  {
    name: 'Entertainment & Pop Culture',
    id: 'sm',
    iab_categories: ['IAB1-1', 'IAB1-2', 'IAB1-3', 'IAB1-5'],
    publishers_in_last_thirty_days: 120,
    videos_monetized_in_last_thirty_days: 3482,
  },
  {
    name: 'Financial & Business News',
    id: 'sn',
    iab_categories: ['IAB3', 'IAB13', 'IAB21'],
    publishers_in_last_thirty_days: 29,
    videos_monetized_in_last_thirty_days: 1461,
  },
  { name: 'Sports', id: 'se', iab_categories: ['IAB17'], publishers_in_last_thirty_days: 210, videos_monetized_in_last_thirty_days: 5210 },
] as const;

export const CURATED_CATEGORIES = [
  {
    id: '9ddrgesiap6o',
    name: 'Soccer',
    description: 'Run next to the best of everyday soccer content.',
    country_codes: ['US', 'GB', 'BR'],
    publisher_user_ids: ['21677316', '20636347', '4704552148'],
    created_at: '2020-02-28T22:43:26Z',
    updated_at: '2021-01-26T17:54:55Z',
    videos_monetized_in_last_thirty_days: 421,
  },
  {
    id: '8tujl1p3yn0g',
    name: 'Basketball',
    description: 'Run next to the best of everyday basketball content.',
    country_codes: ['US'],
    publisher_user_ids: ['20265254', '378174762', '900368808'],
    created_at: '2020-02-28T22:43:26Z',
    updated_at: '2021-01-26T17:54:55Z',
    videos_monetized_in_last_thirty_days: 1290,
  },
  {
    id: '7op29tp2jzeo',
    name: 'Gaming',
    description: 'Run next to the top gaming creators.',
    country_codes: ['US', 'JP'],
    publisher_user_ids: ['18939563', '18371803'],
    created_at: '2020-03-02T10:00:00Z',
    updated_at: '2021-02-01T09:00:00Z',
    videos_monetized_in_last_thirty_days: 733,
  },
  {
    id: '5kq0w2xv9rtb',
    name: 'Cuisine',
    description: 'Run next to food and cooking videos.',
    country_codes: ['FR'],
    publisher_user_ids: ['11026952'],
    created_at: '2020-03-02T10:00:00Z',
    updated_at: '2021-02-01T09:00:00Z',
    videos_monetized_in_last_thirty_days: 88,
  },
] as const;

export const PUBLISHERS = [
  {
    monetizable_country_codes: ['US'],
    promotion_eligible_country_codes: ['US'],
    username: 'PeoplesSports',
    user_id: '1353868435021721602',
    monetization_restricted: true,
    content_category_ids: ['se'],
  },
  {
    monetizable_country_codes: ['JP'],
    promotion_eligible_country_codes: ['JP'],
    username: 'NewYork_Jack',
    user_id: '1331177123436851206',
    monetization_restricted: true,
    content_category_ids: ['sk'],
  },
  {
    monetizable_country_codes: ['US', 'GB', 'FR'],
    promotion_eligible_country_codes: ['US'],
    username: 'AUProSports',
    user_id: '1219303449768185859',
    monetization_restricted: false,
    content_category_ids: ['se'],
  },
] as const;

export const PRODUCT_TYPES = ['MEDIA', 'PROMOTED_ACCOUNT', 'PROMOTED_TWEETS'] as const;

export const PLACEMENTS = [
  'ALL_ON_TWITTER',
  'PUBLISHER_NETWORK',
  'TAP_BANNER',
  'TAP_FULL',
  'TAP_FULL_LANDSCAPE',
  'TAP_NATIVE',
  'TWITTER_PROFILE',
  'TWITTER_REPLIES',
  'TWITTER_SEARCH',
  'TWITTER_TIMELINE',
] as const;

/** valid placement combinations per product type */
export const PLACEMENT_COMBINATIONS: Record<(typeof PRODUCT_TYPES)[number], string[][]> = {
  MEDIA: [['ALL_ON_TWITTER'], ['PUBLISHER_NETWORK'], ['ALL_ON_TWITTER', 'PUBLISHER_NETWORK']],
  PROMOTED_ACCOUNT: [['ALL_ON_TWITTER'], ['TWITTER_TIMELINE']],
  PROMOTED_TWEETS: [
    ['ALL_ON_TWITTER'],
    ['ALL_ON_TWITTER', 'PUBLISHER_NETWORK'],
    ['PUBLISHER_NETWORK'],
    ['TWITTER_PROFILE'],
    ['TWITTER_REPLIES'],
    ['TWITTER_SEARCH'],
    ['TWITTER_TIMELINE'],
    ['TWITTER_PROFILE', 'TWITTER_SEARCH', 'TWITTER_TIMELINE'],
  ],
};

export const BIDDING_RULES = [
  { currency: 'USD', minimum_cpe_bid_local_micro: 10_000, maximum_cpe_bid_local_micro: 1_000_000_000, minimum_denomination: 10_000 },
  { currency: 'EUR', minimum_cpe_bid_local_micro: 10_000, maximum_cpe_bid_local_micro: 1_000_000_000, minimum_denomination: 10_000 },
  { currency: 'GBP', minimum_cpe_bid_local_micro: 10_000, maximum_cpe_bid_local_micro: 1_000_000_000, minimum_denomination: 10_000 },
  {
    currency: 'JPY',
    minimum_cpe_bid_local_micro: 1_000_000,
    maximum_cpe_bid_local_micro: 100_000_000_000,
    minimum_denomination: 1_000_000,
  },
  { currency: 'BRL', minimum_cpe_bid_local_micro: 50_000, maximum_cpe_bid_local_micro: 5_000_000_000, minimum_denomination: 10_000 },
] as const;

/** targeting types that count as primary for the audience estimate */
export const PRIMARY_TARGETING_TYPES = [
  'BROAD_KEYWORD',
  'EXACT_KEYWORD',
  'PHRASE_KEYWORD',
  'UNORDERED_KEYWORD',
  'FOLLOWERS_OF_USER',
  'SIMILAR_TO_FOLLOWERS_OF_USER',
  'INTEREST',
  'CONVERSATION',
  'CUSTOM_AUDIENCE',
  'CUSTOM_AUDIENCE_EXPANDED',
  'TV_SHOW',
  'EVENT',
  'ENGAGEMENT_TYPE',
] as const;
