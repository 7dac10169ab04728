// The unlock image of the conversation cards: its parameter is described by role only
// (catalogParams.unlockImage, the real interface's unlocked_image_media_key for both kinds), and
// the fields of a card record are not shown, so no member is looked for by name: a card's answers
// with the unlock image are compared member by member with its answers without it.
//
// CAT-ICC-015, the image conversation card (Create parameters: "unlock image | a media_key for the
// instant-unlock case, at least 800 px wide, aspect ratio 5:2; write-only (responses give a service
// URL instead)"). Two cards are made with the same parameters, one without the unlock image and
// one with it:
// - write-only: no answer carrying the card (POST, GET :card_id, the list) holds the media key sent
//   in a member where the card made without it does not (the card's own media_key may be the same
//   image); request.params is not the card but the echo of the accepted parameters (Document 2);
// - "responses give a service URL instead": GET :card_id serves an http(s) URL in a member where
//   the card made without it serves none. A target that ignores a name it does not know changes
//   nothing in the record, so a record without such a URL fails only when the target is seen to
//   know the name (it refuses, under that name, a key its library does not hold); otherwise the
//   rule is not checkable.
//
// CAT-VCC-006, the video conversation card ("Rules: … write-only unlock image media key"). No
// create or GET of the card is shown: the fixtures' card is PUT with short valid parameters, then
// with the same and the unlock image, and the PUT answers and GET cards/all/:card_id's compared.
// Its sentence says only "write-only": that the key is served in no answer is judged; a URL in its
// place is observed. The key is examined only once the target is seen to take it: a new URL in its
// answer, or a refusal of a key the library does not hold under that name; else not checkable.
import type { HttpResult } from '../../../../harness/target/http.ts';
import type { AdsCheck, AdsCtx } from '../../api.ts';
import { needOk, ok, records, refused, what } from '../../reading/answers.ts';
import { catalogParam } from '../params.ts';
import { cardOf, cardsPath, mediaKeys } from './card-records.ts';
import { postConversation, simpleConversation } from './conversation.ts';
import { putVideo, SHORT_PUT, videoCard, workingPut } from './video.ts';

const QUOTE = '"write-only (responses give a service URL instead)"';
const VCC_QUOTE = '"write-only unlock image media key"';

/** every string member of a record (at any depth), by its path */
function leaves(v: unknown, at = '', out = new Map<string, string>()): Map<string, string> {
  if (typeof v === 'string') out.set(at, v);
  else if (Array.isArray(v)) for (const [i, x] of v.entries()) leaves(x, `${at}[${i}]`, out);
  else if (v !== null && typeof v === 'object')
    for (const [k, x] of Object.entries(v as Record<string, unknown>)) leaves(x, at === '' ? k : `${at}.${k}`, out);
  return out;
}

const isUrl = (s: string | undefined): boolean => s !== undefined && /^https?:\/\/\S+$/i.test(s);

/** the members of `made` that hold `key` where `without` (the same card made without the unlock image) does not */
function holding(made: Record<string, unknown>, without: Record<string, unknown>, key: string): string[] {
  const before = leaves(without);
  return [...leaves(made)].filter(([p, s]) => s === key && before.get(p) !== key).map(([p]) => p);
}

/** the http(s) URLs of `made` in members where `without` serves none (`fresh`), or serves another URL (`changed`) */
function urlsAdded(made: Record<string, unknown>, without: Record<string, unknown>): { fresh: string[]; changed: string[] } {
  const before = leaves(without);
  const urls = [...leaves(made)].filter(([, s]) => isUrl(s));
  return {
    fresh: urls.filter(([p]) => !isUrl(before.get(p))).map(([p, s]) => `${p} ${JSON.stringify(s)}`),
    changed: urls.filter(([p, s]) => isUrl(before.get(p)) && before.get(p) !== s).map(([p, s]) => `${p} ${JSON.stringify(s)}`),
  };
}

/** the unlock image to send: fixtures.ads.unlockImageMediaKey, else the first image of the library, that `usable` takes */
async function unlockKey(ctx: AdsCtx, usable: (key: string) => boolean): Promise<{ key: string; given: boolean } | undefined> {
  const given = (await ctx.api.fixtures()).unlockImageMediaKey;
  if (given && usable(given)) return { key: given, given: true };
  const key = (await mediaKeys(ctx)).images.find(usable);
  return key === undefined ? undefined : { key, given: false };
}

/** where the config names the unlock image, or says to */
const nameHint = (ctx: AdsCtx, set: string): string =>
  ctx.api.target.catalogParams?.unlockImage !== undefined
    ? 'the configured target.adsApi.catalogParams.unlockImage'
    : `set target.adsApi.catalogParams.unlockImage to ${set}`;

/**
 * A request with the unlock image that `said` describes was refused: not checkable, the name of the
 * parameter and the image being the likely cause (`given`: the fixtures name the image; else
 * `unnamed` says what they leave open of it). Nothing when it was taken.
 */
function unlockRefused(ctx: AdsCtx, res: HttpResult, said: string, given: boolean, unnamed: string): void {
  if (!refused(res)) return;
  ctx.notCheckable(
    `${said} was refused (${what(res)}): the unlock image is described by role only (${nameHint(ctx, "the target's name for it")}), ` +
      (given ? 'and fixtures.ads.unlockImageMediaKey names the image' : `and ${unnamed}`),
  );
}

/**
 * whether the target knows the name `name`, which the document does not show: `send` makes the
 * same request with, under that name, a key the library does not hold. A refusal says it knows it
 * (its note is returned); a request taken leaves the rule not checkable, `seen` saying why it asked
 */
async function knowsName(
  ctx: AdsCtx,
  name: string,
  key: string,
  seen: string,
  send: (outside: string) => Promise<HttpResult>,
): Promise<string> {
  const { all } = await mediaKeys(ctx);
  let outside = `${key}9`;
  for (let n = 8; all.includes(outside); n--) outside = `${key}${n}`;
  const probe = await send(outside);
  if (!refused(probe))
    ctx.notCheckable(
      `${seen}, and ${name}=${outside}, a key the library does not hold, was taken too (${probe.status}): the target may not know the name ${name}, which the document does not show (${nameHint(ctx, 'its name')})`,
    );
  return ` (the target knows ${name}: it refused ${name}=${outside}, a key the library does not hold, ${probe.status})`;
}

/** GET cards/all/:card_id's answer, when it serves the card */
async function allAnswer(ctx: AdsCtx, id: string): Promise<HttpResult | undefined> {
  const res = await ctx.api.ads.call('GET', await cardsPath(ctx, `/all/${id}`));
  return ok(res) ? res : undefined;
}

interface Answers {
  id: string;
  post: Record<string, unknown>;
  got: Record<string, unknown>;
  gotRes: HttpResult;
  /** the card as the list filtered by its id serves it, when the list could be read */
  listed?: Record<string, unknown>;
}

/** the card's answers: POST's, GET :card_id's and the list's (filtered by its id) */
async function answers(ctx: AdsCtx, post: HttpResult, step: string): Promise<Answers> {
  needOk(ctx, post, step);
  const id = cardOf(post).id;
  if (typeof id !== 'string' && typeof id !== 'number')
    ctx.notCheckable(`${step} answered no card id (card record fields are not shown): ${post.text.slice(0, 200)}`);
  const gotRes = await ctx.api.ads.call('GET', await cardsPath(ctx, `/image_conversation/${String(id)}`));
  needOk(ctx, gotRes, `GET cards/image_conversation/${String(id)}`);
  const list = await ctx.api.ads.call('GET', await cardsPath(ctx, '/image_conversation'), {
    query: { [catalogParam(ctx, 'cardIds')]: [String(id)] },
  });
  const listed = refused(list) ? undefined : records(list).find((r) => String(r.id) === String(id));
  return { id: String(id), post: cardOf(post), got: cardOf(gotRes), gotRes, listed };
}

export const unlockChecks: Record<string, AdsCheck> = {
  async 'CAT-ICC-015'(ctx: AdsCtx) {
    const name = catalogParam(ctx, 'unlockImage');
    const params = await simpleConversation(ctx, 'unlock-without');
    // an image other than the card's, else the card's own
    const { key, given } = (await unlockKey(ctx, (k) => k !== params.media_key)) ?? { key: params.media_key, given: false };
    const plain = await postConversation(ctx, params);
    if (refused(plain))
      ctx.notCheckable(
        `POST cards/image_conversation with short valid parameters was refused (${what(plain)}): the image ${params.media_key} of the fixtures may not be ` +
          'at least 800 px wide at 1.91:1 (give such an image first in fixtures.ads.accountMedia)',
      );
    const without = await answers(ctx, plain, 'POST cards/image_conversation');
    const sent = { ...params, name: ctx.api.name('unlock'), [name]: key };
    const post = await postConversation(ctx, sent);
    unlockRefused(
      ctx,
      post,
      `POST cards/image_conversation with ${name}=${key} (and the parameters of a card that was taken)`,
      given,
      `it must be at least 800 px wide at 5:2, which the fixtures do not say of ${key} (name such an image in fixtures.ads.unlockImageMediaKey)`,
    );
    const made = await answers(ctx, post, `POST cards/image_conversation with ${name}`);

    // write-only: the key sent is in no answer carrying the card, where the card made without it does not hold it
    const served = [
      ...holding(made.post, without.post, key).map((p) => `POST's data.${p}`),
      ...holding(made.got, without.got, key).map((p) => `GET cards/image_conversation/${made.id}: data.${p}`),
      ...(made.listed && without.listed ? holding(made.listed, without.listed, key).map((p) => `the list's record: ${p}`) : []),
    ];
    ctx.check(
      served.length === 0,
      `${QUOTE}: the card made with ${name}=${key} serves that media key (${served.join('; ')}); the same card made without it does not`,
      post,
    );
    if (!made.listed || !without.listed)
      ctx.note(
        `the list filtered by ${catalogParam(ctx, 'cardIds')} did not serve both cards (CAT-ICC-008 judges that filter): only the POST and GET answers were searched for ${key}`,
      );

    // "responses give a service URL instead": GET :card_id serves a URL the card made without it does not
    const { fresh, changed } = urlsAdded(made.got, without.got);
    let known = '';
    if (fresh.length === 0) {
      if (key === params.media_key && [...leaves(without.got).values()].some(isUrl))
        ctx.notCheckable(
          `the unlock image sent is the card's own image ${key} (the fixtures name no other image: give one in fixtures.ads.unlockImageMediaKey), and the card made without it already serves a URL: the unlock image's URL may be that one`,
        );
      // whether the target knows the name: the same card with, under that name, a key the library does not hold
      known = await knowsName(
        ctx,
        name,
        key,
        `GET cards/image_conversation/${made.id} of the card made with ${name}=${key} serves no URL the same card made without it lacks${changed.length > 0 ? ` (only ${changed.join(', ')}, another URL than that card's)` : ''}`,
        (outside) => postConversation(ctx, { ...params, name: ctx.api.name('unlock-outside'), [name]: outside }),
      );
    }
    ctx.check(
      fresh.length + changed.length > 0,
      `${QUOTE}: GET cards/image_conversation/${made.id} of the card made with ${name}=${key} serves no URL that the same card made without it does not${known}`,
      made.gotRes,
    );
    ctx.note(
      fresh.length > 0
        ? `the card made with ${name}=${key} serves ${fresh.join(', ')}, which the card made without it does not`
        : `the unlock image's URL was taken to be ${changed.join(', ')}, a URL the card made without it serves otherwise${known}`,
    );
  },
  async 'CAT-VCC-006'(ctx: AdsCtx) {
    const name = catalogParam(ctx, 'unlockImage');
    const id = await videoCard(ctx, 0);
    const at = `PUT cards/video_conversation/${id}`;
    // the card before it is given the unlock image: a PUT of short valid parameters, and cards/all/:card_id
    const before = await workingPut(ctx, id);
    const beforeRes = await allAnswer(ctx, id);
    const beforeAll = beforeRes && cardOf(beforeRes);
    const held = new Set([...leaves(cardOf(before)).values(), ...leaves(beforeAll ?? {}).values()]);
    const pick = await unlockKey(ctx, (k) => !held.has(k));
    if (!pick)
      ctx.notCheckable(
        `the video conversation card ${id} already serves every image the fixtures name before it is given an unlock image (its own media, or an unlock image a run before gave it): ` +
          'a member holding the key sent could not be told from one that held it already (name another image in fixtures.ads.unlockImageMediaKey)',
      );
    const { key, given } = pick;
    const sent = await putVideo(ctx, id, { ...SHORT_PUT, [name]: key });
    unlockRefused(
      ctx,
      sent,
      `${at} with ${name}=${key} (and the parameters of a PUT that was taken)`,
      given,
      `${key} is an image of accountMedia that the fixtures do not name for it (name one in fixtures.ads.unlockImageMediaKey)`,
    );
    needOk(ctx, sent, `${at} with ${name}`);
    const afterRes = beforeAll ? await allAnswer(ctx, id) : undefined;
    const afterAll = afterRes && cardOf(afterRes);
    if (!beforeAll || !afterAll)
      ctx.note(
        `GET cards/all/${id} did not serve the card both times (CAT-CARD-020 judges it): only the PUT answers were searched for ${key}`,
      );

    // write-only: the key sent is in no answer carrying the card, where the card before held none there
    const inPut = holding(cardOf(sent), cardOf(before), key).map((p) => `${at}: data.${p}`);
    const served = [
      ...inPut,
      ...(beforeAll && afterAll ? holding(afterAll, beforeAll, key).map((p) => `GET cards/all/${id}: data.${p}`) : []),
    ];
    // a URL in its place: the sentence says "write-only" alone (the image card's adds "responses give a service URL instead"), so only observed
    const urls = urlsAdded(cardOf(sent), cardOf(before));
    const fresh = [...urls.fresh, ...(beforeAll && afterAll ? urlsAdded(afterAll, beforeAll).fresh.map((u) => `cards/all ${u}`) : [])];
    ctx.observe('a video conversation card given an unlock image serves a URL in its place', fresh.length > 0 ? 'yes' : 'no');
    // the key is examined once the target is seen to take it: it serves it, or a new URL, or it refuses a key the library does not hold
    let known = '';
    if (served.length === 0 && fresh.length === 0)
      known = await knowsName(
        ctx,
        name,
        key,
        `the video conversation card ${id} given ${name}=${key} serves neither that key nor a URL it did not serve before${urls.changed.length > 0 ? ` (only ${urls.changed.join(', ')}, another URL than before)` : ''}`,
        (outside) => putVideo(ctx, id, { ...SHORT_PUT, [name]: outside }),
      );
    ctx.check(
      served.length === 0,
      `${VCC_QUOTE}: the video conversation card ${id} given ${name}=${key} serves that media key (${served.join('; ')}); it did not before`,
      inPut.length > 0 ? sent : afterRes,
    );
    ctx.note(
      fresh.length > 0
        ? `the card given ${name}=${key} serves ${fresh.join(', ')}, which it did not before, and not the key`
        : `the card given ${name}=${key} does not serve the key${known}`,
    );
  },
};
