// How card records are served under the choices on what they carry (ads-api-catalog-cards.md:
// "Response fields of card records … not shown"): generic cards (renderCard) and what every card
// record leaves out (trimCard, also for conversation cards).
import type { Ctx } from '../../context.ts';
import type { Rec } from '../../table.ts';

/** members the service fills in on a served component (choice card-components-served-filled) */
const FILLED = ['media_key', 'media_keys', 'title', 'label', 'destination'] as const;

function filled(c: unknown, accountId: string): unknown {
  if (!c || typeof c !== 'object' || Array.isArray(c)) return c;
  const o = c as Record<string, unknown>;
  const out: Record<string, unknown> = Object.fromEntries(FILLED.map((k) => [k, null]));
  Object.assign(out, o);
  if (o.type === 'MEDIA' || o.type === 'SWIPEABLE_MEDIA') {
    const keys = o.type === 'MEDIA' ? [o.media_key] : Array.isArray(o.media_keys) ? o.media_keys : [];
    out.media_url = keys.map((k) => `https://media.reference.invalid/${accountId}/${String(k)}.jpg`).join(',');
  }
  return out;
}

/** a generic card record as the card endpoints serve it (generic cards; conversation.ts serves its own) */
export function renderCard(ctx: Ctx, rec: Rec): Record<string, unknown> {
  const out: Record<string, unknown> = structuredClone(rec);
  if (ctx.choice('card-components-served-filled')) {
    const account = String(out.account_id ?? '');
    if (Array.isArray(out.components)) out.components = out.components.map((c) => filled(c, account));
    if (Array.isArray(out.slides)) out.slides = out.slides.map((s) => (Array.isArray(s) ? s.map((c) => filled(c, account)) : s));
  } else delete out.account_id;
  // choice card-unset-tree-null: the tree the card was not made of is served as null
  if (ctx.choice('card-unset-tree-null')) {
    if (out.components === undefined) out.components = null;
    if (out.slides === undefined) out.slides = null;
  }
  return trimCard(ctx, out);
}

/** what every card record leaves out under the choices on card records (generic and conversation cards) */
export function trimCard(ctx: Ctx, out: Record<string, unknown>): Record<string, unknown> {
  if (ctx.choice('card-records-without-deleted')) delete out.deleted;
  if (ctx.choice('card-uri-not-served')) delete out.card_uri;
  return out;
}
