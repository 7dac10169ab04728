// The fields the document lists for a line item (Resources and their fields › Line item).

/** the fields the document lists for a line item (Resources and their fields › Line item) */
export const LINE_ITEM_FIELDS = new Set(
  (
    'id campaign_id name objective product_type placements goal bid_strategy bid_amount_local_micro target_cpa_local_micro pay_by ' +
    'currency start_time end_time duration_in_days frequency_cap daily_budget_amount_local_micro total_budget_amount_local_micro ' +
    'standard_delivery entity_status categories advertiser_user_id advertiser_domain android_app_store_identifier ' +
    'ios_app_store_identifier primary_web_event_tag automatic_tweet_promotion creative_source created_at updated_at deleted'
  ).split(' '),
);
