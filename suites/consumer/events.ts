// Events as the service delivers them: the real payloads published for each kind the document
// lists (payloads.json, copied from ../shared/fixtures/real/events/xaa/; PROVENANCE.md §3), each
// sent with a fresh event id in data.event_uuid, where the real payloads put it.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';

type Json = Record<string, unknown>;
const PAYLOADS = JSON.parse(readFileSync(new URL('./payloads.json', import.meta.url), 'utf8')) as Record<
  string,
  { from: string; event: Json }
>;

/** the lowercase dot-separated kinds of the document's table, and the further profile kinds it names */
export const LISTED_KINDS: string[] = Object.keys(PAYLOADS);
export const PROFILE_KINDS: string[] = LISTED_KINDS.filter((k) => k.startsWith('profile.update.'));
/** the deprecated names (Events ¶2) and the lowercase kinds that replaced them */
export const PASCAL_NAMES: Record<string, string> = {
  ProfileBioUpdate: 'profile.update.bio',
  ProfilePictureUpdate: 'profile.update.profile_picture',
  ProfileBannerUpdate: 'profile.update.banner_picture',
  ProfileGeoUpdate: 'profile.update.geo',
  ProfileUrlUpdate: 'profile.update.url',
};

export interface Event {
  id: string;
  kind: string;
  /** the JSON value sent (serialised by the caller) */
  value: Json;
}

/**
 * A fresh decimal event id of 19 digits, as the real payloads' event_uuid; `negative`: with a minus
 * sign, as the real profile.update.bio payload's ("-8917909039855612786").
 */
export function freshEventId(negative = false): string {
  const digits = (BigInt(`0x${randomBytes(8).toString('hex')}`) % 9_000_000_000_000_000_000n) + 1_000_000_000_000_000_000n;
  return `${negative ? '-' : ''}${digits}`;
}

/**
 * An event of a listed kind with a fresh id. `createdAt`: the time the event happened (the
 * payload's created_at where the real payload has one); default now.
 */
export function eventOf(kind: string, opts: { id?: string; createdAt?: Date; typeName?: string } = {}): Event {
  const template = PAYLOADS[kind];
  if (!template) throw new Error(`no payload for kind ${kind}`);
  const value = structuredClone(template.event) as { data: Json & { payload?: Json } };
  const id = opts.id ?? freshEventId();
  value.data.event_uuid = id;
  if (opts.typeName) value.data.event_type = opts.typeName;
  const payload = value.data.payload;
  if (payload && typeof payload.created_at === 'string') payload.created_at = (opts.createdAt ?? new Date()).toISOString();
  return { id, kind: opts.typeName ?? kind, value };
}

/** whether the real payload of `kind` carries the time the event happened (created_at), which eventOf sets */
export function hasEventTime(kind: string): boolean {
  const payload = (PAYLOADS[kind]?.event as { data?: { payload?: Json } } | undefined)?.data?.payload;
  return !!payload && typeof payload.created_at === 'string';
}

/** where each kind's payload comes from (for the report's notes) */
export function payloadSource(kind: string): string {
  return PAYLOADS[kind]?.from ?? 'unknown';
}
