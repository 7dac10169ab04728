// What each OBSERVE rule must record; shared by the observation test and the catalogue test.

/** OBSERVE rule → the observation topics it must record (prefix match). */
export const OBSERVATION_EXPECTATIONS: Record<string, string[]> = {
  'WH-CRC-016': ['CRC answered with HTTP 500 and the right token'],
  'RP-OBS-001': ['replay: an event of the to_date minute'],
  'RP-OBS-002': [
    'replay job fields besides job_id and created_at',
    'replay with to_date 30 minutes after',
    'replay for a webhook id the app does not have',
  ],
  'FS-OBS-001': ['GET /2/tweets without a bearer token'],
  'FS-OBS-002': ['fields of a post besides id and text without tweet.fields'],
  'ERR-OBS-001': [
    'answer for UrlValidationFailed',
    'answer for DuplicateUrlFailed',
    'answer for CrcValidationFailed on POST',
    'answer for WebhookIdInvalid on DELETE',
    'answer for a missing bearer token',
  ],
  'API-OBS-001': ['scheme of {base_url}', 'content type of GET /2/webhooks'],
};
