// Finding a run's secrets, in every form they travel in, inside a text.
//
// A run's secret list grows while it goes on: each tenant and each user the run makes adds its
// tokens (a run of all four suites on the embedded reference ends with about a thousand). One
// regular expression of every form of every secret, rebuilt on each addition, cost a run most
// of its time: V8 compiles each new expression, hundreds of thousands of characters long, again.
// So the forms are kept in chunks, each compiled once: the secrets added since the last look
// make a new chunk, and chunks of like size merge (as a binary counter carries), so that a list
// of n secrets is held in about log2(n) chunks and each form is compiled about log2(n) times.
// A text is redacted wherever a form occurs: every occurrence of every chunk's forms, overlapping
// ones too, is found and the spans joined, so a secret that contains another (or overlaps it) is
// redacted whole, whichever chunk holds which.

/** Secrets shorter than this are ignored: redacting them would shred ordinary text. */
export const MIN_SECRET_LENGTH = 4;

/** Shortest Base64 fragment (from a secret at an unaligned offset) that is still redacted. */
const MIN_B64_FRAGMENT = 4;

interface Chunk {
  /** how many secrets it holds (chunks of like count merge) */
  secrets: number;
  /** the regular expression source of each form, longest first */
  patterns: string[];
  re: RegExp;
}

export interface SecretMatcher {
  /** `text` with every span where a form of a secret occurs replaced by `by` */
  replace(text: string, by: string): string;
}

class ChunkedMatcher implements SecretMatcher {
  #chunks: Chunk[] = [];
  #seen = new Set<string>();
  /** how many entries of the list it has taken in */
  taken = 0;

  add(secrets: readonly unknown[]): void {
    const fresh: string[] = [];
    for (const s of secrets) {
      if (typeof s !== 'string' || s.length < MIN_SECRET_LENGTH || this.#seen.has(s)) continue;
      this.#seen.add(s);
      fresh.push(s);
    }
    this.taken += secrets.length;
    if (fresh.length === 0) return;
    const forms = new Set<string>();
    for (const s of fresh) for (const v of secretVariants(s)) if (v.length > 0) forms.add(v);
    this.#chunks.push(chunkOf(fresh.length, [...forms].map(variantPattern)));
    for (let n = this.#chunks.length; n >= 2 && this.#chunks[n - 2].secrets <= this.#chunks[n - 1].secrets * 2; n--) {
      const last = this.#chunks.pop() as Chunk;
      const prev = this.#chunks.pop() as Chunk;
      this.#chunks.push(chunkOf(prev.secrets + last.secrets, [...prev.patterns, ...last.patterns]));
    }
  }

  replace(text: string, by: string): string {
    const chunks = this.#chunks;
    if (chunks.length === 0) return text;
    const spans: [number, number][] = [];
    for (const { re } of chunks) {
      // each position where a form starts (the longest form there), overlapping ones too
      re.lastIndex = 0;
      for (let m = re.exec(text); m !== null; m = re.exec(text)) {
        spans.push([m.index, m.index + m[0].length]);
        re.lastIndex = m.index + 1;
      }
    }
    if (spans.length === 0) return text;
    spans.sort((a, b) => a[0] - b[0]);
    let out = '';
    let at = 0;
    for (let i = 0; i < spans.length; ) {
      const from = spans[i][0];
      let to = spans[i++][1];
      while (i < spans.length && spans[i][0] < to) to = Math.max(to, spans[i++][1]);
      out += text.slice(at, from) + by;
      at = to;
    }
    return out + text.slice(at);
  }
}

function chunkOf(secrets: number, patterns: string[]): Chunk {
  return { secrets, patterns, re: new RegExp(triePattern(patterns), 'g') };
}

interface TrieNode {
  end: boolean;
  next: Map<string, TrieNode>;
}

/**
 * One expression of the forms, their common beginnings shared (a trie): at each position the
 * engine tries the few characters that may come next instead of every form in turn. Where one
 * form goes on past another, the longer is tried first (a greedy optional tail), so the match
 * at a position is the longest form there: no two atoms of one node match the same character.
 */
function triePattern(patterns: string[]): string {
  const root: TrieNode = { end: false, next: new Map() };
  for (const p of patterns) {
    let node = root;
    for (const atom of p.match(ATOM) ?? []) {
      let child = node.next.get(atom);
      if (!child) {
        child = { end: false, next: new Map() };
        node.next.set(atom, child);
      }
      node = child;
    }
    node.end = true;
  }
  return emit(root);
}

/** an escaped character, a character class, or one character (UTF-16 code unit) */
const ATOM = /\\[\s\S]|\[[^\]]*\]|[\s\S]/g;

function emit(node: TrieNode): string {
  const alts = [...node.next].map(([atom, child]) => atom + emit(child));
  if (alts.length === 0) return '';
  if (node.end) return `(?:${alts.join('|')})?`;
  return alts.length === 1 ? alts[0] : `(?:${alts.join('|')})`;
}

/** the matcher of each secret list seen, grown as the list grows (a run appends to its list) */
const byList = new WeakMap<readonly unknown[], ChunkedMatcher>();

/** The matcher of `secrets`; a list that only grew since the last call keeps its compiled chunks. */
export function matcherFor(secrets: readonly unknown[]): SecretMatcher {
  let m = byList.get(secrets);
  if (m && m.taken > secrets.length) m = undefined; // the list shrank: start again
  if (!m) {
    m = new ChunkedMatcher();
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

/**
 * Regex source for one variant; the hex digits of %XX escapes match in either case. A hex digit
 * right after % is a class even when no second one follows, so that no literal letter and class
 * of it meet at one point of the trie.
 */
function variantPattern(v: string): string {
  return escapeRegExp(v).replace(/%([0-9A-Fa-f])([0-9A-Fa-f]?)/g, (_m, a: string, b: string) => `%${hexClass(a)}${b && hexClass(b)}`);
}

function hexClass(c: string): string {
  const lo = c.toLowerCase();
  const up = c.toUpperCase();
  return lo === up ? c : `[${lo}${up}]`;
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
