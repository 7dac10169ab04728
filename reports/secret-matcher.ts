// Finding a run's secrets, in every form they travel in, inside a text.
//
// A run's secret list grows while it goes on: each tenant and each user the run makes adds its
// tokens (a run of all four suites on the embedded reference ends with more than a thousand).
// One regular expression of every form of every secret, compiled again on each addition, cost a
// run most of its time. So the forms are kept in an index instead, which an addition extends and
// nothing compiles: each form is filed under a hash of its last few characters (16, 8 or 4, as
// its length allows), and a text is read once per anchor width with a rolling hash; where a
// window's hash names forms, each is compared with the text ending there. Every occurrence of
// every form is found, overlapping ones too, and the spans that overlap or touch are joined: a secret that contains
// another, or overlaps it, is redacted whole. The hex digits of a %XX escape match in either case.
// A text cut short (a reason that quotes an answer's first 300 characters, a body kept to its
// first 64 KiB) may end in part of a secret, or go on with one after a "…": the start of a form at
// the end of the text or just before a "…", and the end of a form just after a "…", are redacted
// too, from MIN_PARTIAL characters on. (Cuts that keep a text's end mark it with a "…"; a text
// that merely begins as a secret ends, a target's name, is left alone.)

/** Secrets shorter than this are ignored: redacting them would shred ordinary text. */
export const MIN_SECRET_LENGTH = 4;

/** Shortest part of a form, at a cut (the end of a text, either side of a "…"), that is redacted. */
export const MIN_PARTIAL = 6;

/** what cuts mark where they cut */
const CUT_MARK = '…';

/** Shortest Base64 fragment (from a secret at an unaligned offset) that is still redacted. */
const MIN_B64_FRAGMENT = 4;

/** the anchor widths, widest first; every form is at least the narrowest long */
const WIDTHS = [16, 8, 4];
const MULTIPLIER = 0x01000193;
/** for each width, what the character leaving a window weighs in its hash: MULTIPLIER^(width-1) */
const LEAVING = new Map([...WIDTHS, MIN_PARTIAL].map((w) => [w, power(w - 1)]));

export interface SecretMatcher {
  /** `text` with every span where a form of a secret occurs replaced by `by` */
  replace(text: string, by: string): string;
}

interface Form {
  text: string;
  /** where a character matches in either case (the hex digits of %XX escapes); null: nowhere */
  eitherCase: Uint8Array | null;
}

/** a-f as A-F: the hash of a window does not depend on the case of hex digits */
function fold(c: number): number {
  return c >= 97 && c <= 102 ? c - 32 : c;
}

/** bits of a hash that the filter of an anchor width keeps (2^20 bits: 128 KiB a width) */
const FILTER_BITS = 20;

/** the forms of one anchor width: by the hash of their last `width` characters, and a bit set of those hashes' low bits */
interface Anchors {
  table: Map<number, Form[]>;
  /** bit (h mod 2^FILTER_BITS) is set when a form's hash is h: a window whose bit is clear names no form, without a lookup */
  filter: Uint32Array;
}

/** the filter's 32-bit words */
const FILTER_WORDS = 1 << (FILTER_BITS - 5);
/** the word of a hash's bit */
const wordOf = (h: number): number => (h >>> 5) & (FILTER_WORDS - 1);
const filterHas = (filter: Uint32Array, h: number): boolean => (filter[wordOf(h)] & (1 << (h & 31))) !== 0;

class SecretIndex implements SecretMatcher {
  /** anchor width → its forms */
  #byWidth = new Map<number, Anchors>();
  #forms = new Set<string>();
  /** the forms by the hash of their first and of their last MIN_PARTIAL characters: what a cut leaves of them */
  #byHead: Anchors = { table: new Map(), filter: new Uint32Array(FILTER_WORDS) };
  #byTail: Anchors = { table: new Map(), filter: new Uint32Array(FILTER_WORDS) };
  /** the longest form's length */
  #longest = 0;
  /** how many entries of the list it has taken in */
  taken = 0;

  add(secrets: readonly unknown[]): void {
    this.taken += secrets.length;
    for (const s of secrets) {
      if (typeof s !== 'string' || s.length < MIN_SECRET_LENGTH) continue;
      for (const v of secretVariants(s)) if (v.length >= WIDTHS[WIDTHS.length - 1]) this.#file(v);
    }
  }

  #file(text: string): void {
    if (this.#forms.has(text)) return;
    this.#forms.add(text);
    const width = WIDTHS.find((w) => w <= text.length) as number;
    let anchors = this.#byWidth.get(width);
    if (!anchors) {
      anchors = { table: new Map(), filter: new Uint32Array(FILTER_WORDS) };
      this.#byWidth.set(width, anchors);
    }
    const form = { text, eitherCase: eitherCaseOf(text) };
    fileUnder(anchors, hashOf(text, text.length - width, text.length), form);
    if (text.length <= MIN_PARTIAL) return;
    this.#longest = Math.max(this.#longest, text.length);
    fileUnder(this.#byHead, hashOf(text, 0, MIN_PARTIAL), form);
    fileUnder(this.#byTail, hashOf(text, text.length - MIN_PARTIAL, text.length), form);
  }

  /** the spans where a text cut short ends in the start of a form, or goes on after a "…" with the end of one */
  #partials(text: string, spans: [number, number][]): void {
    if (this.#longest === 0 || text.length < MIN_PARTIAL) return;
    const ends = [text.length];
    // a text's own start is no cut: a name that begins as a secret ends is not a secret's tail
    const starts: number[] = [];
    for (let at = text.indexOf(CUT_MARK); at >= 0; at = text.indexOf(CUT_MARK, at + 1)) {
      ends.push(at);
      starts.push(at + CUT_MARK.length);
    }
    for (const end of ends) {
      // the longest start of a form that ends at `end`: the earliest window where one begins
      let from = -1;
      windows(text, Math.max(0, end - this.#longest + 1), end, MIN_PARTIAL, this.#byHead, (at, forms) => {
        const found = forms.some((f) => end - at < f.text.length && occursAt(text, at, f, end - at));
        if (found) from = at;
        return found;
      });
      if (from >= 0) spans.push([from, end]);
    }
    for (const start of starts) {
      // the longest end of a form that begins at `start`: the last window where one ends
      let to = -1;
      windows(text, start, Math.min(text.length, start + this.#longest - 1), MIN_PARTIAL, this.#byTail, (at, forms) => {
        const end = at + MIN_PARTIAL;
        if (forms.some((f) => end - start < f.text.length && occursAt(text, start, f, end - start, f.text.length - (end - start))))
          to = end;
        return false;
      });
      if (to >= 0) spans.push([start, to]);
    }
  }

  replace(text: string, by: string): string {
    const spans: [number, number][] = [];
    for (const [width, anchors] of this.#byWidth) if (text.length >= width) find(text, width, anchors, spans);
    this.#partials(text, spans);
    if (spans.length === 0) return text;
    spans.sort((a, b) => a[0] - b[0]);
    let out = '';
    let at = 0;
    for (let i = 0; i < spans.length; ) {
      const from = spans[i][0];
      let to = spans[i++][1];
      while (i < spans.length && spans[i][0] <= to) to = Math.max(to, spans[i++][1]);
      out += text.slice(at, from) + by;
      at = to;
    }
    return out + text.slice(at);
  }
}

/** the spans [from, to) of `text` where a form of `anchors` ends, pushed on `spans` */
function find(text: string, width: number, anchors: Anchors, spans: [number, number][]): void {
  windows(text, 0, text.length, width, anchors, (at, forms) => {
    const end = at + width;
    for (const f of forms) {
      const from = end - f.text.length;
      if (from >= 0 && occursAt(text, from, f)) spans.push([from, end]);
    }
    return false;
  });
}

/** whether `length` characters of form `f` from its character `skip` on (all of it by default) stand in `text` at `from` */
function occursAt(text: string, from: number, f: Form, length = f.text.length, skip = 0): boolean {
  for (let j = 0; j < length; j++) {
    const a = text.charCodeAt(from + j);
    const b = f.text.charCodeAt(skip + j);
    if (a !== b && !(f.eitherCase?.[skip + j] && fold(a) === fold(b))) return false;
  }
  return true;
}

function fileUnder({ table, filter }: Anchors, h: number, form: Form): void {
  const forms = table.get(h);
  if (forms) forms.push(form);
  else table.set(h, [form]);
  filter[wordOf(h)] |= 1 << (h & 31);
}

/**
 * `visit` for each window of `width` characters inside [lo, hi) of `text` whose rolling hash names
 * forms of `anchors`, from the left (the window's start and those forms), until it returns true
 */
function windows(
  text: string,
  lo: number,
  hi: number,
  width: number,
  { table, filter }: Anchors,
  visit: (at: number, forms: Form[]) => boolean,
): void {
  const out = LEAVING.get(width) as number;
  let h = 0;
  for (let i = lo; i < hi; i++) {
    if (i - lo >= width) h = (h - Math.imul(fold(text.charCodeAt(i - width)), out)) | 0;
    h = (Math.imul(h, MULTIPLIER) + fold(text.charCodeAt(i))) | 0;
    if (i - lo < width - 1 || !filterHas(filter, h)) continue;
    const forms = table.get(h);
    if (forms && visit(i + 1 - width, forms)) return;
  }
}

function hashOf(text: string, from: number, to: number): number {
  let h = 0;
  for (let i = from; i < to; i++) h = (Math.imul(h, MULTIPLIER) + fold(text.charCodeAt(i))) | 0;
  return h;
}

function power(n: number): number {
  let p = 1;
  for (let i = 0; i < n; i++) p = Math.imul(p, MULTIPLIER);
  return p;
}

/** the hex digits right after a % (one or two), which match in either case */
function eitherCaseOf(text: string): Uint8Array | null {
  let marks: Uint8Array | null = null;
  for (const m of text.matchAll(/%([0-9A-Fa-f])([0-9A-Fa-f]?)/g)) {
    marks ??= new Uint8Array(text.length);
    marks[m.index + 1] = 1;
    if (m[2]) marks[m.index + 2] = 1;
  }
  return marks;
}

/** the index of each secret list seen, extended as the list grows (a run appends to its list) */
const byList = new WeakMap<readonly unknown[], SecretIndex>();

/** The matcher of `secrets`; a list that only grew since the last call keeps what was filed. */
export function matcherFor(secrets: readonly unknown[]): SecretMatcher {
  let m = byList.get(secrets);
  if (m && m.taken > secrets.length) m = undefined; // the list shrank: start again
  if (!m) {
    m = new SecretIndex();
    byList.set(secrets, m);
  }
  if (m.taken < secrets.length) m.add(secrets.slice(m.taken));
  return m;
}

/** Every form of one secret that is redacted. Exported for tests. */
export function secretVariants(secret: string): string[] {
  const out = new Set<string>([secret]);
  const uri = encodeURIComponent(secret);
  out.add(uri);
  out.add(uri.replace(/%20/g, '+'));
  out.add(encodeURI(secret));
  out.add(JSON.stringify(secret).slice(1, -1));

  const bytes = Buffer.from(secret, 'utf8');
  const b64 = bytes.toString('base64');
  const b64u = bytes.toString('base64url');
  const b64forms = [b64, b64.replace(/=+$/, ''), b64u];
  for (let offset = 0; offset < 3; offset++) {
    const frag = stableBase64(bytes, offset);
    if (frag.length >= MIN_B64_FRAGMENT) {
      b64forms.push(frag, toUrlAlphabet(frag));
    }
  }
  for (const f of b64forms) {
    out.add(f);
    out.add(encodeURIComponent(f));
  }
  return [...out];
}

/**
 * The Base64 characters that depend only on the secret's bytes when the secret starts
 * `offset` bytes into a 3-byte group of a longer encoded buffer.
 */
function stableBase64(bytes: Buffer, offset: number): string {
  const padded = Buffer.concat([Buffer.alloc(offset), bytes, Buffer.alloc(3)]);
  const enc = padded.toString('base64');
  const startBit = offset * 8;
  const endBit = (offset + bytes.length) * 8;
  const first = Math.ceil(startBit / 6);
  const last = Math.floor(endBit / 6); // exclusive: char j covers bits [6j, 6j+6)
  return first < last ? enc.slice(first, last) : '';
}

function toUrlAlphabet(s: string): string {
  return s.replace(/\+/g, '-').replace(/\//g, '_');
}
