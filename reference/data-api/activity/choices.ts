// Choices of the service's own activity: what the document leaves open of the further profile
// kinds, the activity subscriptions and the connections endpoints, read the other way.
import type { Choice } from '../../host/types.ts';
import { choicesOf } from '../../choice.ts';

const choice = choicesOf('data-api-webhooks-replay.md', 'data-api');
const OTHER = 'Endpoints › Other endpoints announced for the API';
const NOT_SHOWN = 'Request and response payloads of the endpoints in this table: not shown.';

export const ACTIVITY_CHOICES = [
  choice(
    'profile-kinds-short-names',
    'Events',
    'profile.update.bio, …: profile changes; further profile kinds exist for picture, banner, geo and url changes (their names: not shown)',
    'a change of the picture or banner gives profile.update.profile_picture or profile.update.banner_picture (the real service’s names)',
    'a change of the picture or banner gives profile.update.picture or profile.update.banner',
  ),
  choice(
    'connections-history-flat',
    OTHER,
    `GET /2/connections: lists active and historical streaming connections (${NOT_SHOWN})`,
    'each connection is {connection_id, endpoint_id, status: active|inactive, connected_at, disconnected_at?, disconnect_reason?} under data, with meta.result_count; a termination answers 200 {data: {terminated: [uuids]}}',
    'each connection is {uuid, endpoint_name, started_at, ended_at?} under connections (a historical one is told by its ended_at); a termination answers 204',
  ),
  choice(
    'subscription-answer-created',
    OTHER,
    `POST /2/activity/subscriptions: creates activity subscriptions (${NOT_SHOWN})`,
    'a subscription is answered 200 {data: {subscription_id, filter, webhook_id?, created_at}}',
    'a subscription is answered 201 {data: {id, user_id, direction, keyword?, webhook_id?}}',
  ),
  choice(
    'tenant-consumer-key-own',
    'Authentication',
    'item 3: the account activity interface accepts … OAuth 1.0a (the consumer key of a tenant: TARGET-CONTRACT §3a answers only its bearer token and consumer secret)',
    'a tenant takes a consumer key of its own, which POST /tenants names (consumer_key, an extension of §3a)',
    'a tenant takes a consumer key of its own, which POST /tenants does not name: OAuth 1.0a signed with the app’s key is refused there',
    ['tenant-consumer-key-shared'],
  ),
  choice(
    'tenant-consumer-key-shared',
    'Authentication',
    'item 3: the account activity interface accepts … OAuth 1.0a (the consumer key of a tenant: TARGET-CONTRACT §3a answers only its bearer token and consumer secret)',
    'a tenant takes a consumer key of its own, which POST /tenants names (consumer_key, an extension of §3a)',
    "every tenant takes the app's consumer key (the one the config names), and POST /tenants names none",
    ['tenant-consumer-key-own'],
  ),
] as const satisfies readonly Choice[];
