// Family faults of webhook management (Resources › Webhook config; the endpoint table): a listed
// member of a webhook config left out or mistyped, on the answer of POST /2/webhooks and of
// GET /2/webhooks; the config's id and created_at out of their form; a DELETE or PUT answer that
// says otherwise; the list's result_count mistyped.
import { dropMember, mapMember } from '../../host/mutations.ts';
import type { Fault } from '../../host/types.ts';
import { dataApiMutation } from './fault.ts';

const CREATE = { name: 'create', route: 'POST /2/webhooks', path: 'data', rule: 'WH-LC-001', what: 'the POST /2/webhooks answer' };
const LIST = { name: 'list', route: 'GET /2/webhooks', path: 'data', rule: 'WH-LC-002', what: 'each config of the GET /2/webhooks answer' };

/** the four members of a webhook config (Resources › Webhook config) */
const CONFIG_FIELDS = ['id', 'url', 'valid', 'created_at'] as const;

/** each member mistyped, on the answer whose rule can still set itself up (WH-LC-002 registers through POST) */
const MISTYPED: { field: (typeof CONFIG_FIELDS)[number]; on: typeof CREATE; as: string; to: (v: unknown) => unknown }[] = [
  { field: 'id', on: CREATE, as: 'a JSON number', to: (v) => Number(v) },
  { field: 'url', on: LIST, as: 'an object {href}', to: (v) => ({ href: v }) },
  { field: 'valid', on: LIST, as: 'the string "true"/"false"', to: (v) => String(v) },
  { field: 'created_at', on: LIST, as: 'epoch milliseconds (a number)', to: (v) => Date.parse(String(v)) },
];

/** "2026-11-22T10:00:00.000Z" written as the same instant at +02:00: ISO 8601, but not UTC */
function atPlusTwo(v: unknown): unknown {
  const ms = Date.parse(String(v));
  return Number.isNaN(ms) ? v : new Date(ms + 2 * 3_600_000).toISOString().replace(/Z$/, '+02:00');
}

export const WEBHOOK_FAMILY_FAULTS: readonly Fault[] = [
  ...[CREATE, LIST].flatMap((on) =>
    CONFIG_FIELDS.map((field) =>
      dataApiMutation(`webhook-${on.name}-${field.replace('_', '-')}-dropped`, `${on.what} leaves out ${field}`, [on.rule], [on.route], {
        reply: dropMember(`${on.path}.${field}`),
      }),
    ),
  ),
  ...MISTYPED.map((m) =>
    dataApiMutation(
      `webhook-${m.on.name}-${m.field.replace('_', '-')}-mistyped`,
      `${m.on.what} gives ${m.field} as ${m.as}`,
      [m.on.rule],
      [m.on.route],
      { reply: mapMember(`data.${m.field}`, m.to) },
    ),
  ),
  dataApiMutation(
    'webhook-create-id-20-digits',
    'the POST /2/webhooks answer gives the id zero-padded to 20 digits (outside ^[0-9]{1,19}$)',
    ['WH-LC-001'],
    [CREATE.route],
    { reply: mapMember('data.id', (v) => String(v).padStart(20, '0')) },
  ),
  dataApiMutation(
    'webhook-list-created-at-offset',
    'GET /2/webhooks gives created_at as the same instant at +02:00 (not UTC)',
    ['WH-LC-002'],
    [LIST.route],
    { reply: mapMember('data.created_at', atPlusTwo) },
  ),
  dataApiMutation(
    'webhook-create-answers-other-id',
    "the POST /2/webhooks answer gives an id that is not the new webhook's (its id plus 1000000)",
    ['WH-LC-002', 'WH-LC-004'],
    [CREATE.route],
    { reply: mapMember('data.id', (v) => (/^[0-9]+$/.test(String(v)) ? (BigInt(String(v)) + 1_000_000n).toString() : v)) },
  ),
  dataApiMutation(
    'webhook-delete-answers-false',
    'DELETE /2/webhooks/:webhook_id removes the webhook but answers data.deleted false',
    ['WH-LC-004', 'WH-DEL-001'],
    ['DELETE /2/webhooks/:id'],
    { reply: mapMember('data.deleted', () => false) },
  ),
  dataApiMutation(
    'webhook-delete-deleted-mistyped',
    'DELETE /2/webhooks/:webhook_id answers data.deleted as the string "true"',
    ['WH-LC-004', 'WH-DEL-001'],
    ['DELETE /2/webhooks/:id'],
    { reply: mapMember('data.deleted', (v) => String(v)) },
  ),
  dataApiMutation(
    'webhook-put-valid-mistyped',
    'PUT /2/webhooks/:webhook_id answers data.valid as the string "true"/"false"',
    ['WH-LC-007', 'WH-LC-006'],
    ['PUT /2/webhooks/:id'],
    { reply: mapMember('data.valid', (v) => String(v)) },
  ),
  dataApiMutation(
    'webhook-list-result-count-mistyped',
    'GET /2/webhooks answers meta.result_count as a string',
    ['WH-LC-002', 'WH-LC-003'],
    [LIST.route],
    { reply: mapMember('meta.result_count', (v) => String(v)) },
  ),
];
