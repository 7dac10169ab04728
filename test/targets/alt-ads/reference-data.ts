// The fixed reference lists the lookups serve.

export const BUSINESS_CATEGORIES = [
  { id: 'abc1', name: 'Automotive', iab_categories: ['IAB2', 'IAB2-1', 'IAB2-2'] },
  { id: 'abc2', name: 'Food & Drink', iab_categories: ['IAB8', 'IAB8-5'] },
  { id: 'abc3', name: 'Personal Finance', iab_categories: ['IAB13', 'IAB13-3', 'IAB13-7'] },
  { id: 'abc4', name: 'Travel', iab_categories: ['IAB20', 'IAB20-18'] },
];

export const CONTENT_CATEGORIES = [
  { id: 'cc1', name: 'Gaming', iab_categories: ['IAB9-30', 'IAB9-5'], publisher_count: 3 },
  { id: 'cc2', name: 'Sports', iab_categories: ['IAB17', 'IAB17-12'], publisher_count: 2 },
  { id: 'cc3', name: 'News', iab_categories: ['IAB12', 'IAB12-1', 'IAB12-2'], publisher_count: 4 },
];

export const CURATED_CATEGORIES = [
  { id: 'cur1', name: 'Esports', description: 'Competitive gaming shows', country_codes: ['US', 'GB', 'DE'], publishers: 2, videos: 410 },
  { id: 'cur2', name: 'Football', description: 'Match highlights', country_codes: ['GB', 'FR', 'DE', 'ES'], publishers: 3, videos: 1290 },
  { id: 'cur3', name: 'Anime', description: 'Series and trailers', country_codes: ['JP', 'US'], publishers: 1, videos: 77 },
  { id: 'cur4', name: 'Cooking', description: 'Recipes in short form', country_codes: ['BR', 'MX', 'US', 'CA'], publishers: 2, videos: 35 },
];

export const PUBLISHERS = [
  { user_id: '7300000000000000101', name: 'Alt Sports Net', content_category_id: 'cc2' },
  { user_id: '7300000000000000102', name: 'Alt Gaming', content_category_id: 'cc1' },
  { user_id: '7300000000000000103', name: 'Alt Daily', content_category_id: 'cc3' },
];

export const PLACEMENT_COMBINATIONS: Record<string, string[][]> = {
  PROMOTED_TWEETS: [
    ['ALL_ON_TWITTER'],
    ['PUBLISHER_NETWORK'],
    ['ALL_ON_TWITTER', 'PUBLISHER_NETWORK'],
    ['TWITTER_TIMELINE'],
    ['TWITTER_SEARCH'],
    ['TWITTER_PROFILE'],
    ['TWITTER_REPLIES'],
    ['TWITTER_SEARCH', 'TWITTER_TIMELINE'],
    ['TWITTER_PROFILE', 'TWITTER_TIMELINE'],
  ],
  PROMOTED_ACCOUNT: [['ALL_ON_TWITTER'], ['TWITTER_TIMELINE'], ['TWITTER_SEARCH', 'TWITTER_TIMELINE']],
  MEDIA: [['PUBLISHER_NETWORK'], ['ALL_ON_TWITTER', 'PUBLISHER_NETWORK']],
};

export const PLACEMENTS = [...new Set(Object.values(PLACEMENT_COMBINATIONS).flat(2))];
export const PRODUCT_TYPES = Object.keys(PLACEMENT_COMBINATIONS);

export const BIDDING_RULES = [
  { currency: 'EUR', cpe: { min_local_micro: 10_000, max_local_micro: 100_000_000 } },
  { currency: 'GBP', cpe: { min_local_micro: 10_000, max_local_micro: 90_000_000 } },
  { currency: 'JPY', cpe: { min_local_micro: 1_000_000, max_local_micro: 10_000_000_000 } },
  { currency: 'USD', cpe: { min_local_micro: 10_000, max_local_micro: 120_000_000 } },
];
