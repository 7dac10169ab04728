// Faults of the service's own activity (TARGET-CONTRACT §3b): the event kinds it emits and their
// names after the deprecation, direct messages delivered, one delivery per app, activity
// subscriptions, streaming connections and OAuth 1.0a on the account activity interface.
import type { Fault } from '../../host/types.ts';
import { dataApiFault as fault } from '../families/fault.ts';
import { LISTED_KINDS, type ListedKind, misnamedFault } from './listed.ts';

/** the rule that judges each listed kind */
const KIND_RULE: Record<string, string> = { post: 'EVT-KIND-001', spaces: 'EVT-KIND-002', dm: 'EVT-KIND-003', profile: 'EVT-KIND-004' };

/** each listed kind emitted under another name (its dots as underscores): one fault per kind */
export const MISNAMED_FAULTS: readonly Fault[] = LISTED_KINDS.map((kind: ListedKind) =>
  fault(misnamedFault(kind), `${kind} is emitted as ${kind.replace(/\./g, '_')}`, [KIND_RULE[kind.split('.')[0]]]),
);

export const ACTIVITY_FAULTS = [
  fault(
    'emit-pascal-after-deprecation',
    'profile changes of bio, picture, banner, geo and url still give the PascalCase names deprecated on March 18, 2026 (ProfileBioUpdate, …)',
    ['EVT-NAME-001', 'EVT-KIND-004', 'EVT-KIND-005'],
  ),
  fault('emit-further-kinds-none', 'a change of the profile picture, banner, geo or url gives no event', ['EVT-KIND-005']),
  fault(
    'emit-further-kinds-camel',
    'the further profile kinds are not lowercase (profile.update.profilePicture, profile.update.bannerPicture, profile.update.Geo, profile.update.URL)',
    ['EVT-KIND-005', 'EVT-NAME-001'],
  ),
  fault('activity-to-invalid', "a user's activity reaches the app's invalid webhooks too (the control API's events do not)", [
    'WH-EVT-002',
  ]),
  fault('activity-unsigned', "a user's activity is delivered without x-vendor-webhooks-signature (the control API's events are signed)", [
    'WH-SIG-001',
  ]),
  fault('activity-to-deleted', "a user's activity still reaches the callbacks of the app's deleted webhooks", ['WH-DEL-002']),
  fault('activity-not-recorded', "a user's activity is delivered but not recorded: a replay of its window leaves it out", ['RP-DEL-001']),
  fault('activity-every-user', "once the app subscribes one user (the subscribe action), every user's activity reaches its webhooks", [
    'EVT-KIND-001',
  ]),
  fault('dm-via-api-not-delivered', 'a direct message sent through the API (via_api) gives no event', ['EVT-DM-001']),
  fault(
    'dm-incoming-from-unsubscribed-dropped',
    'an incoming direct message is delivered only when its sender is subscribed to the app too (messages from other clients are lost)',
    ['EVT-DM-001'],
  ),
  fault('shared-url-one-delivery', 'when several apps share one callback URL, the event reaches that URL once (for the first app only)', [
    'EVT-APP-001',
  ]),
  fault('subscription-not-delivered', 'activity subscriptions made with POST /2/activity/subscriptions deliver nothing', [
    'SUB-001',
    'SUB-002',
    'SUB-003',
  ]),
  fault('subscription-user-filter-ignored', "an activity subscription delivers the activity of every user the app's subscriptions name", [
    'SUB-001',
  ]),
  fault(
    'subscription-direction-ignored',
    'the direction of an activity subscription is ignored: sent and received messages are delivered',
    ['SUB-002'],
  ),
  fault('subscription-direction-swapped', 'direction sent delivers the messages the user received, and received those it sent', [
    'SUB-002',
  ]),
  fault('subscription-keyword-inverted', 'a keyword subscription delivers the messages that do not contain the keyword', ['SUB-003']),
  fault('connections-not-listed', 'GET /2/connections lists terminated connections only: an active one is not shown', [
    'CONN-001',
    'CONN-002',
    'CONN-003',
  ]),
  fault('connections-terminated-forgotten', 'GET /2/connections lists active connections only: a terminated one is gone from the history', [
    'CONN-001',
    'CONN-002',
    'CONN-003',
  ]),
  fault('connections-delete-all-noop', 'DELETE /2/connections/all answers success and terminates nothing', ['CONN-002']),
  fault('connections-endpoint-delete-all', 'DELETE /2/connections/{endpoint_id} terminates the connections of every endpoint of the app', [
    'CONN-003',
  ]),
  fault('connections-uuid-delete-noop', 'DELETE /2/connections answers success and terminates none of the connections it names', [
    'CONN-001',
  ]),
  fault('connections-uuid-delete-all', 'DELETE /2/connections terminates every active connection of the app, not only those it names', [
    'CONN-001',
  ]),
  fault('activity-oauth1-refused', 'POST /2/activity/subscriptions refuses OAuth 1.0a (401 unsupported-authentication)', ['AUTH-004']),
] as const;
