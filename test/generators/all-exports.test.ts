/**
 * Applies the shared contract (contracts.ts) to every exported arbitrary of
 * generators/data-api/index.ts, and checks that no export is left out.
 */
import { describe, expect, it } from 'vitest';
import * as generators from '../../generators/data-api/index.ts';
import {
  MEDIA_FIELDS,
  POST_FIELDS,
  USER_FIELDS,
  toTweetsResponse,
  type Media,
  type Post,
  type TweetWorld,
  type User,
} from '../../generators/data-api/index.ts';
import {
  REPLAY_DATE_RE,
  WEBHOOK_ID_RE,
  assertArbitraryContract,
  callbackUrlViolations,
  explicitPort,
  isLeap,
  isRealUtcMinute,
  isoToYyyymmddhhmm,
  offsetViolations,
  schemaViolations,
  urlMutationViolations,
  utcMinuteToMillis,
  violations,
  type ArbitraryContract,
} from './data-api/contracts.ts';

const BASE = 'https://hooks.conformance.test';
const BASE_WITH_PREFIX = 'https://receiver.conformance.test/conform/cb';
const NOW = new Date('2026-11-22T10:00:33.123Z');
const VALID_DATE = '202611221000';
const LEAP_DATE = '202402291730';
const VALID_ID = '1146654567674912769';
const KNOWN_IDS = ['1', '1146654567674912769', '9223372036854775807'];
const VALID_BODY = { webhook_id: VALID_ID, from_date: '202611211000', to_date: VALID_DATE };

// ---------------------------------------------------------------------------
// value oracles

const idIsValid = (v: string) => violations([[WEBHOOK_ID_RE.test(v), `${JSON.stringify(v)} does not match ^[0-9]{1,19}$`]]);
const snowflakeIsValid = (v: string) =>
  violations([
    [
      /^[1-9][0-9]{0,18}$/.test(v) && BigInt(v) <= 2n ** 63n - 1n,
      `${JSON.stringify(v)} is not a 1-19 digit id without leading zero within int64`,
    ],
  ]);

function idMutationViolations(validId: string) {
  return (m: generators.Mutated): string[] => {
    const v = m.value;
    const shape: Record<string, boolean> = {
      'append-letter': v.length === validId.length + 1 && v.startsWith(validId) && /[A-Za-z]$/.test(v),
      'prepend-space': v === ` ${validId}`,
      'append-space': v === `${validId} `,
      'append-decimal-zero': v === `${validId}.0`,
      'prepend-plus': v === `+${validId}`,
      'prepend-minus': v === `-${validId}`,
      'zero-pad-to-20-plus-digits': /^0+[0-9]*$/.test(v) && v.length >= 20 && v.endsWith(validId) && BigInt(v) === BigInt(validId),
      empty: v === '',
      'twenty-random-digits': /^[0-9]{20}$/.test(v),
    };
    return violations([
      [!WEBHOOK_ID_RE.test(v), `${JSON.stringify(v)} still matches the id pattern`],
      [shape[m.mutation] === true, `${JSON.stringify(v)} is not what ${m.mutation} describes`],
    ]);
  };
}

function datePatternMutationViolations(valid: string) {
  return (m: generators.Mutated): string[] => {
    const v = m.value;
    const sameExceptOneLetter =
      v.length === 12 && [...v].filter((c, i) => c !== valid[i]).length === 1 && [...v].filter((c) => /[A-Za-z]/.test(c)).length === 1;
    const shape: Record<string, boolean> = {
      'drop-digit': /^[0-9]{11}$/.test(v),
      'add-digit': /^[0-9]{13}$/.test(v),
      'insert-dash': v.length === 13 && v.replace('-', '') === valid,
      'insert-T': v.length === 13 && v.replace('T', '') === valid,
      'digit-to-letter': sameExceptOneLetter,
      'iso-form': /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(v) && v.replace(/[-T:]/g, '') === valid,
    };
    return violations([
      [typeof v === 'string', 'not a string'],
      [!REPLAY_DATE_RE.test(v), `${JSON.stringify(v)} still matches ^[0-9]{12}$`],
      [shape[m.mutation] === true, `${JSON.stringify(v)} is not what ${m.mutation} describes`],
    ]);
  };
}

function impossibleDateViolations(valid: string) {
  return (m: generators.Mutated): string[] => {
    const v = m.value;
    const y = +v.slice(0, 4);
    const mo = +v.slice(4, 6);
    const d = +v.slice(6, 8);
    const h = +v.slice(8, 10);
    const mi = +v.slice(10, 12);
    const clockOk = h <= 23 && mi <= 59;
    const dayOk = (month: number) => d >= 1 && d <= new Date(Date.UTC(y, month, 0)).getUTCDate();
    const calendarOk = mo >= 1 && mo <= 12 && dayOk(mo);
    const shape: Record<string, boolean> = {
      'month-00': mo === 0 && clockOk,
      'month-13': mo === 13 && clockOk,
      'day-00': d === 0 && mo >= 1 && mo <= 12 && clockOk,
      'day-32': d === 32 && mo >= 1 && mo <= 12 && clockOk,
      'february-30': mo === 2 && d === 30 && clockOk,
      'february-29-non-leap-year': mo === 2 && d === 29 && !isLeap(y) && clockOk,
      'day-31-of-30-day-month': [4, 6, 9, 11].includes(mo) && d === 31 && clockOk,
      'hour-24': h === 24 && mi <= 59 && calendarOk,
      'minute-60': mi === 60 && h <= 23 && calendarOk,
    };
    return violations([
      [REPLAY_DATE_RE.test(v), `${JSON.stringify(v)} lost the 12-digit pattern`],
      [!isRealUtcMinute(v), `${JSON.stringify(v)} is a real date`],
      [shape[m.mutation] === true, `${JSON.stringify(v)} (from ${valid}) is not what ${m.mutation} describes`],
    ]);
  };
}

function replayBodyViolations(now: Date, min: number, max: number) {
  return (b: generators.ReplayRequestBody): string[] => {
    const real = isRealUtcMinute(b.from_date) && isRealUtcMinute(b.to_date);
    const offset = real ? (utcMinuteToMillis(b.to_date) - utcMinuteToMillis(b.from_date)) / 60_000 : NaN;
    return [
      ...schemaViolations('replay-request', b),
      ...violations([
        [b.webhook_id === VALID_ID, 'webhook_id not passed through'],
        [real, 'not real dates'],
        [b.to_date === isoToYyyymmddhhmm(now), `to_date ${b.to_date} is not now floored to the minute`],
        [offset >= min && offset <= max, `from_date is ${offset} minutes before to_date, outside [${min}, ${max}]`],
      ]),
    ];
  };
}

function allFieldsPresent(obj: object, fields: readonly string[], label: string): string[] {
  return fields.filter((f) => !(f in obj)).map((f) => `${label} lacks ${f}`);
}

function postViolations(p: Post): string[] {
  return [
    ...schemaViolations('post', p),
    ...allFieldsPresent(p, ['id', 'text', ...POST_FIELDS], 'post'),
    ...offsetViolations(p.text, p.entities.urls, (e) => e.url, 'urls'),
    ...offsetViolations(p.text, p.entities.mentions, (e) => `@${e.username}`, 'mentions'),
    ...offsetViolations(p.text, p.entities.hashtags, (e) => `#${e.tag}`, 'hashtags'),
    ...offsetViolations(p.text, p.entities.annotations, (e) => e.normalized_text, 'annotations'),
    ...violations([
      [
        p.attachments.media_keys.length > 0 && new Set(p.attachments.media_keys).size === p.attachments.media_keys.length,
        'media_keys empty or repeated',
      ],
      [p.referenced_tweets.every((r) => r.id !== p.id), 'post references itself'],
      [WEBHOOK_ID_RE.test(p.id) && WEBHOOK_ID_RE.test(p.author_id), 'ids are not 1-19 digits'],
    ]),
  ];
}

function mediaViolations(m: Media): string[] {
  return [
    ...schemaViolations('media', m),
    ...allFieldsPresent(m, ['media_key', 'type', ...MEDIA_FIELDS], 'media'),
    ...violations([
      [/^(3|7|16)_[0-9]{1,19}$/.test(m.media_key), `media_key ${m.media_key} has not the <n>_<id> shape`],
      [m.type === 'video' ? m.duration_ms > 0 : m.duration_ms === 0, 'duration_ms does not fit the type'],
    ]),
  ];
}

function userViolations(u: User): string[] {
  return [
    ...schemaViolations('user', u),
    ...allFieldsPresent(u, ['id', ...USER_FIELDS], 'user'),
    ...offsetViolations(u.url, u.entities.url.urls, (e) => e.url, 'entities.url.urls'),
    ...offsetViolations(u.description, u.entities.description.hashtags, (e) => `#${e.tag}`, 'entities.description.hashtags'),
    ...violations([[/^[A-Za-z0-9_]{1,15}$/.test(u.username), `username ${u.username}`]]),
  ];
}

function worldViolations(w: TweetWorld): string[] {
  const users = new Map(w.users.map((u) => [u.id, u]));
  const mediaKeys = new Set(w.media.map((m) => m.media_key));
  const posts = new Map(w.posts.map((p) => [p.id, p]));
  const lowerNames = w.users.map((u) => u.username.toLowerCase());
  const out: string[] = [
    ...w.posts.flatMap(postViolations),
    ...w.media.flatMap(mediaViolations),
    ...w.users.flatMap(userViolations),
    ...schemaViolations('tweets-response', toTweetsResponse(w)),
    ...violations([
      [w.posts.length >= 1 && w.users.length >= 1 && w.media.length >= 1, 'empty world'],
      [posts.size === w.posts.length, 'post ids repeat'],
      [users.size === w.users.length, 'user ids repeat'],
      [mediaKeys.size === w.media.length, 'media keys repeat'],
      [new Set(lowerNames).size === lowerNames.length, 'usernames repeat'],
    ]),
  ];
  w.posts.forEach((p, i) => {
    const replied = p.referenced_tweets.find((r) => r.type === 'replied_to');
    const parent = replied && posts.get(replied.id);
    out.push(
      ...violations([
        [users.has(p.author_id), `post ${i} author_id not a world user`],
        [users.has(p.in_reply_to_user_id), `post ${i} in_reply_to_user_id not a world user`],
        [p.attachments.media_keys.every((k) => mediaKeys.has(k)), `post ${i} media_keys not world media`],
        [p.entities.mentions.every((m) => users.get(m.id)?.username === m.username), `post ${i} mention not a world user`],
        [replied !== undefined, `post ${i} replies to nothing`],
        [!parent || parent.author_id === p.in_reply_to_user_id, `post ${i} in_reply_to_user_id is not the parent's author`],
        [!parent || parent.conversation_id === p.conversation_id, `post ${i} conversation differs from its parent's`],
        [!parent || parent.created_at <= p.created_at, `post ${i} is older than its parent`],
        [!parent || w.posts.indexOf(parent) < i, `post ${i} replies to a later post`],
        [w.users.every((u) => u.created_at < p.created_at), `post ${i} is older than a user`],
      ]),
    );
  });
  for (const u of w.users) {
    const own = w.posts.filter((p) => p.author_id === u.id);
    const pinned = posts.get(u.pinned_tweet_id);
    out.push(
      ...violations([
        [own.length === 0 || own.some((p) => p.id === u.pinned_tweet_id), `user ${u.id} pins no own post`],
        [!pinned || pinned.author_id === u.id, `user ${u.id} pins another user's post`],
      ]),
    );
  }
  return out;
}

// ---------------------------------------------------------------------------
// the table: one contract per exported arbitrary

const contracts: Array<ArbitraryContract<any>> = [
  {
    name: 'crcToken',
    make: () => generators.crcToken,
    check: (v: string) => violations([[/^[A-Za-z0-9._~-]{1,64}$/.test(v), `${JSON.stringify(v)} is not 1-64 URL-safe characters`]]),
  },
  {
    name: 'consumerSecret',
    make: () => generators.consumerSecret,
    check: (v: string) => violations([[/^[\x21-\x7e]{1,64}$/.test(v), `${JSON.stringify(v)} is not 1-64 printable characters`]]),
  },
  { name: 'validCallbackUrl', make: () => generators.validCallbackUrl(BASE), check: (v: string) => callbackUrlViolations(v, BASE) },
  {
    name: 'validCallbackUrl (base with a path prefix)',
    make: () => generators.validCallbackUrl(BASE_WITH_PREFIX),
    check: (v: string) => callbackUrlViolations(v, BASE_WITH_PREFIX),
  },
  {
    name: 'callbackPort',
    make: () => generators.callbackPort,
    check: (p: number) => violations([[Number.isInteger(p) && p >= 1 && p <= 65535, `port ${p}`]]),
  },
  {
    name: 'callbackUrlWithPort',
    make: () => generators.callbackUrlWithPort(BASE),
    check: (v: string) => {
      const port = explicitPort(v);
      return [
        ...violations([[port !== undefined && port >= 1 && port <= 65535, `no explicit port 1-65535 in ${v}`]]),
        // exactly one rule broken: without the port it is a valid callback URL
        ...callbackUrlViolations(v.replace(/^(https:\/\/[^/?#]*?):[0-9]+/, '$1'), BASE),
      ];
    },
  },
  {
    name: 'httpCallbackUrl',
    make: () => generators.httpCallbackUrl(BASE),
    check: (v: string) => {
      let u: URL | undefined;
      try {
        u = new URL(v);
      } catch {
        u = undefined;
      }
      return [
        ...violations([
          [u?.protocol === 'http:', 'scheme is not http'],
          [u?.host === new URL(BASE).host, 'host changed'],
          [explicitPort(v) === undefined, 'has a port'],
        ]),
        ...callbackUrlViolations(`https://${v.slice('http://'.length)}`, BASE),
      ];
    },
  },
  {
    name: 'malformedCallbackUrl',
    make: () => generators.malformedCallbackUrl(BASE),
    check: (m: generators.Mutated) => urlMutationViolations(m, BASE),
    mutations: generators.URL_MUTATIONS,
  },
  {
    name: 'malformedCallbackUrl (base with a path prefix)',
    make: () => generators.malformedCallbackUrl(BASE_WITH_PREFIX),
    check: (m: generators.Mutated) => urlMutationViolations(m, BASE_WITH_PREFIX),
    mutations: generators.URL_MUTATIONS,
  },
  { name: 'webhookId', make: () => generators.webhookId, check: idIsValid },
  {
    name: 'unknownWebhookId',
    make: () => generators.unknownWebhookId(KNOWN_IDS),
    check: (v: string) => [...idIsValid(v), ...violations([[!KNOWN_IDS.some((k) => BigInt(k) === BigInt(v)), `${v} is a known id`]])],
  },
  {
    name: 'invalidIdMutation',
    make: () => generators.invalidIdMutation(VALID_ID),
    check: idMutationViolations(VALID_ID),
    mutations: generators.ID_MUTATIONS,
  },
  {
    name: 'invalidIdMutation (of generated ids)',
    make: () => generators.webhookId.chain((id) => generators.invalidIdMutation(id).map((m) => ({ ...m, id }))),
    check: (m: generators.Mutated & { id: string }) => idMutationViolations(m.id)(m),
    mutations: generators.ID_MUTATIONS,
  },
  { name: 'postId', make: () => generators.postId, check: snowflakeIsValid },
  { name: 'userId', make: () => generators.userId, check: snowflakeIsValid },
  {
    name: 'inWindowOffsetMinutes',
    make: () => generators.inWindowOffsetMinutes,
    check: (n: number) => violations([[Number.isInteger(n) && n >= 2 && n <= 1438, `${n} not in [2, 1438]`]]),
  },
  {
    name: 'outOfWindowOffsetMinutes',
    make: () => generators.outOfWindowOffsetMinutes,
    check: (n: number) => violations([[Number.isInteger(n) && n >= 1442 && n <= 43200, `${n} not in [1442, 43200]`]]),
  },
  { name: 'replayBodyInWindow', make: () => generators.replayBodyInWindow(VALID_ID, NOW), check: replayBodyViolations(NOW, 2, 1438) },
  {
    name: 'replayBodyOutOfWindow',
    make: () => generators.replayBodyOutOfWindow(VALID_ID, NOW),
    check: replayBodyViolations(NOW, 1442, 43200),
  },
  {
    name: 'datePatternMutation',
    make: () => generators.datePatternMutation(VALID_DATE),
    check: datePatternMutationViolations(VALID_DATE),
    mutations: generators.DATE_PATTERN_MUTATIONS,
  },
  {
    name: 'impossibleDateMutation',
    make: () => generators.impossibleDateMutation(VALID_DATE),
    check: impossibleDateViolations(VALID_DATE),
    mutations: generators.IMPOSSIBLE_DATE_MUTATIONS,
  },
  {
    name: 'impossibleDateMutation (leap-year input)',
    make: () => generators.impossibleDateMutation(LEAP_DATE),
    check: impossibleDateViolations(LEAP_DATE),
    mutations: generators.IMPOSSIBLE_DATE_MUTATIONS,
  },
  {
    name: 'missingFieldBody',
    make: () => generators.missingFieldBody(VALID_BODY),
    check: (m: generators.Mutated<Record<string, string>>) => {
      const missing = Object.keys(VALID_BODY).filter((k) => !(k in m.value));
      const errors = schemaViolations('replay-request', m.value);
      return violations([
        [missing.length === 1 && m.mutation === `missing-${missing[0]}`, `removed ${JSON.stringify(missing)} but named ${m.mutation}`],
        [
          errors.length === 1 && errors[0] === `replay-request (root): must have required property '${missing[0]}'`,
          `schema errors ${JSON.stringify(errors)}`,
        ],
        [Object.entries(m.value).every(([k, v]) => (VALID_BODY as Record<string, string>)[k] === v), 'another field changed'],
      ]);
    },
    mutations: generators.REPLAY_REQUIRED_FIELDS.map((f) => `missing-${f}`),
  },
  ...(
    [
      ['POST_FIELDS', POST_FIELDS],
      ['MEDIA_FIELDS', MEDIA_FIELDS],
      ['USER_FIELDS', USER_FIELDS],
    ] as const
  ).flatMap(
    ([label, fields]): Array<ArbitraryContract<any>> => [
      {
        name: `fieldSubset(${label})`,
        make: () => generators.fieldSubset(fields),
        check: (s: string[]) =>
          violations([
            [s.length >= 1, 'empty subset'],
            [new Set(s).size === s.length, 'repeats'],
            [s.every((f) => (fields as readonly string[]).includes(f)), 'unknown field'],
          ]),
      },
      {
        name: `fieldListParam(${label})`,
        make: () => generators.fieldListParam(fields),
        check: (v: string) =>
          violations([
            [JSON.stringify(v.split(',').sort()) === JSON.stringify([...fields].sort()), `${v} is not a permutation of ${label}`],
          ]),
      },
    ],
  ),
  { name: 'mediaFixture', make: () => generators.mediaFixture(), check: mediaViolations },
  { name: 'userFixture', make: () => generators.userFixture(), check: userViolations },
  { name: 'postFixture', make: () => generators.postFixture(), check: postViolations },
  { name: 'tweetWorld', make: () => generators.tweetWorld(), check: worldViolations },
];

/** Exports that are not arbitraries (or builders of arbitraries), with why. */
const NOT_ARBITRARIES: Record<string, string> = {
  REAL_CRC_TOKENS: 'constant: crc_token values of crc-vectors.json (checked in crc.test.ts)',
  REAL_CONSUMER_SECRETS: 'constant: secrets of crc-vectors.json (checked in crc.test.ts)',
  URL_MUTATIONS: 'constant: names used by malformedCallbackUrl (contract checks all are produced)',
  ID_MUTATIONS: 'constant: names used by invalidIdMutation',
  DATE_PATTERN_MUTATIONS: 'constant: names used by datePatternMutation',
  IMPOSSIBLE_DATE_MUTATIONS: 'constant: names used by impossibleDateMutation',
  REPLAY_REQUIRED_FIELDS: 'constant: names used by missingFieldBody',
  WEBHOOK_ID_PATTERN: 'constant: the id pattern (checked in ids.test.ts)',
  ABSENT_POST_ID: 'constant: the post id no generated world holds (checked in ids.test.ts)',
  REPLAY_DATE_PATTERN: 'constant: the date pattern (checked in replay.test.ts)',
  REPLAY_WINDOW_MINUTES: 'constant: 1440 (checked in replay.test.ts)',
  POST_FIELDS: 'constant: field list (checked in fields.test.ts)',
  MEDIA_FIELDS: 'constant: field list (checked in fields.test.ts)',
  USER_FIELDS: 'constant: field list (checked in fields.test.ts)',
  yyyymmddhhmm: 'plain function (property-tested in replay.test.ts)',
  floorToMinute: 'plain function (property-tested in replay.test.ts)',
  toTweetsResponse: 'plain function (checked by the tweetWorld contract)',
  fixedIdMutations: 'fixed cases: one value per id mutation, each off the pattern (ids.test.ts)',
  fixedUnknownWebhookIds: 'fixed cases: the edges of the id pattern, none excluded (ids.test.ts)',
  fixedDatePatternMutations: 'fixed cases: one value per date-pattern mutation, each off the pattern (replay.test.ts)',
  fixedImpossibleDates: 'fixed cases: one value per impossible-date mutation, each of the pattern and no real time (replay.test.ts)',
  fixedMalformedUrls: 'fixed cases: one value per malformed-URL mutation, each breaking its rule (urls.test.ts)',
  FIXED_PORTS: 'constant: explicit ports every run sends (urls.test.ts)',
  FIXED_PATHS: 'constant: free paths every run sends (urls.test.ts)',
};

describe('generator contract', () => {
  it('covers every export of generators/data-api/index.ts', () => {
    const covered = new Set([...contracts.map((c) => c.name.replace(/[ (].*$/, '')), ...Object.keys(NOT_ARBITRARIES)]);
    const exported = Object.keys(generators);
    expect(exported.filter((e) => !covered.has(e))).toEqual([]);
    expect([...covered].filter((c) => !exported.includes(c))).toEqual([]);
  });

  contracts.forEach((c, i) => {
    const heavy = /Fixture|World/.test(c.name);
    it(`${c.name}: same seed -> same values; every value keeps its rule${c.mutations ? '; every mutation is produced' : ''}`, () => {
      assertArbitraryContract(c, { seed: 0x5eed + i, numRuns: heavy ? 60 : 200 });
    });
  });
});
