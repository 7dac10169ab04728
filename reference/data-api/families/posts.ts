// Family faults of post lookup (Post, media and user objects; Field selection rules): a listed
// post or media field left out or mistyped when it is requested, the default fields mistyped, a
// field or expansion parameter ignored or read only in part, and data not an array.
import { dropMember, dropQuery, mapMember, mapQuery } from '../../host/mutations.ts';
import type { Fault } from '../../host/types.ts';
import { dataApiMutation } from './fault.ts';

const TWEETS = ['GET /2/tweets'];

/** the post fields the document lists without a type: left out even when requested */
const UNTYPED_POST_FIELDS = ['author_id', 'conversation_id', 'in_reply_to_user_id', 'lang', 'source'] as const;

const each = <T>(v: unknown, f: (x: Record<string, unknown>) => T): unknown =>
  Array.isArray(v) ? v.map((x) => (x && typeof x === 'object' ? f(x as Record<string, unknown>) : x)) : v;

/** the typed post fields, each given in another type (or form) than the document's */
const POST_MISTYPES: { field: string; as: string; to: (v: unknown) => unknown }[] = [
  {
    field: 'created_at',
    as: 'an ISO 8601 UTC time without milliseconds',
    to: (v) => (typeof v === 'string' ? v.replace(/\.\d{3}(?=Z|[+-]\d\d:\d\d$)/, '') : v),
  },
  { field: 'possibly_sensitive', as: 'the string "true"/"false"', to: (v) => String(v) },
  { field: 'referenced_tweets', as: 'items {id} without type', to: (v) => each(v, (r) => ({ id: r.id })) },
  {
    field: 'attachments',
    as: '{media_keys} as one comma-separated string',
    to: (v) => ({ media_keys: ((v as { media_keys?: unknown[] })?.media_keys ?? []).join(',') }),
  },
  {
    field: 'public_metrics',
    as: 'like_count a string',
    to: (v) => (v && typeof v === 'object' ? { ...v, like_count: String((v as { like_count?: unknown }).like_count) } : v),
  },
  {
    field: 'entities',
    as: 'annotations whose start offset is a string',
    to: (v) => {
      const e = v as { annotations?: unknown } | undefined;
      return e && typeof e === 'object' ? { ...e, annotations: each(e.annotations, (a) => ({ ...a, start: String(a.start) })) } : v;
    },
  },
  {
    field: 'context_annotations',
    as: 'items without their domain',
    to: (v) => each(v, (a) => Object.fromEntries(Object.entries(a).filter(([k]) => k !== 'domain'))),
  },
  { field: 'paid_partnership', as: 'the string "true"/"false"', to: (v) => String(v) },
];

const slug = (field: string) => field.replaceAll('_', '-');

export const POST_FAMILY_FAULTS: readonly Fault[] = [
  ...UNTYPED_POST_FIELDS.map((field) =>
    dataApiMutation(
      `post-${slug(field)}-dropped`,
      `GET /2/tweets leaves out ${field}, also when tweet.fields names it`,
      ['FS-002'],
      TWEETS,
      {
        reply: dropMember(`data.${field}`),
      },
    ),
  ),
  ...POST_MISTYPES.map((m) =>
    dataApiMutation(`post-${slug(m.field)}-mistyped`, `GET /2/tweets gives ${m.field} as ${m.as}`, ['FS-002'], TWEETS, {
      reply: mapMember(`data.${m.field}`, m.to),
    }),
  ),
  // a listed member of a listed field left out (issue 29: listed fields are required)
  dataApiMutation('post-quote-count-dropped', 'GET /2/tweets gives public_metrics without quote_count', ['FS-002'], TWEETS, {
    reply: dropMember('data.public_metrics.quote_count'),
  }),
  dataApiMutation('post-media-keys-dropped', 'GET /2/tweets gives attachments without media_keys', ['FS-002'], TWEETS, {
    reply: dropMember('data.attachments.media_keys'),
  }),
  dataApiMutation(
    'post-annotation-description-dropped',
    "GET /2/tweets gives each context annotation's entity without its description",
    ['FS-002'],
    TWEETS,
    { reply: dropMember('data.context_annotations.entity.description') },
  ),
  dataApiMutation('media-view-count-dropped', 'expanded media objects give public_metrics without view_count', ['FS-004'], TWEETS, {
    reply: dropMember('includes.media.public_metrics.view_count'),
  }),
  dataApiMutation('post-id-mistyped', "GET /2/tweets gives each post's id as a JSON number", ['FS-001'], TWEETS, {
    reply: mapMember('data.id', (v) => Number(v)),
  }),
  dataApiMutation('post-text-mistyped', "GET /2/tweets gives each post's text as an object {text}", ['FS-001'], TWEETS, {
    reply: mapMember('data.text', (v) => ({ text: v })),
  }),
  dataApiMutation('post-text-dropped', 'GET /2/tweets leaves out text, a default field', ['FS-001'], TWEETS, {
    reply: dropMember('data.text'),
  }),
  dataApiMutation('media-key-mistyped', 'expanded media objects give media_key as a JSON number', ['FS-003'], TWEETS, {
    reply: mapMember('includes.media.media_key', (v) => Number(String(v).replace(/\D/g, ''))),
  }),
  dataApiMutation('media-type-mistyped', 'expanded media objects give type as a JSON number', ['FS-003'], TWEETS, {
    reply: mapMember('includes.media.type', (v) => String(v).length),
  }),
  dataApiMutation(
    'media-duration-ms-dropped',
    'expanded media objects leave out duration_ms, also when media.fields names it',
    ['FS-004'],
    TWEETS,
    {
      reply: dropMember('includes.media.duration_ms'),
    },
  ),
  dataApiMutation('media-duration-ms-mistyped', 'expanded media objects give duration_ms as a string', ['FS-004'], TWEETS, {
    reply: mapMember('includes.media.duration_ms', (v) => String(v)),
  }),
  dataApiMutation(
    'media-public-metrics-dropped',
    'expanded media objects leave out public_metrics, also when media.fields names it',
    ['FS-004'],
    TWEETS,
    { reply: dropMember('includes.media.public_metrics') },
  ),
  dataApiMutation('media-view-count-mistyped', 'expanded media objects give public_metrics.view_count as a string', ['FS-004'], TWEETS, {
    reply: mapMember('includes.media.public_metrics.view_count', (v) => String(v)),
  }),
  dataApiMutation('expansions-ignored', 'GET /2/tweets ignores the expansions parameter', ['FS-003', 'FS-008', 'FS-009'], TWEETS, {
    request: dropQuery('expansions'),
  }),
  dataApiMutation('media-fields-first-only', 'only the first field named in media.fields is honoured', ['FS-004'], TWEETS, {
    request: mapQuery('media.fields', (v) => v.split(',')[0]),
  }),
  dataApiMutation(
    'tweets-data-object',
    'GET /2/tweets answers data as the first post (an object), not an array',
    ['FS-001', 'FS-006'],
    TWEETS,
    {
      reply: mapMember('data', (v) => (Array.isArray(v) ? v[0] : v)),
    },
  ),
];
