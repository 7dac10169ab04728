// Links from an Allure result to the section of the specification a rule comes from: a relative
// file link to ../shared/spec/<doc> with the anchor GitHub gives the heading.
//
// A rule's `where.section` is the path of headings from level 2 down (joined with " › "), and may
// end in a lead-in label ("CRC rules:") that is not a heading. When the document sits beside the
// repository (../shared/spec), the anchor is the one of the deepest heading on that path, with
// GitHub's numbering of repeated headings; without it, the anchor of the last part of the path.

import { readFileSync } from 'node:fs';

/**
 * Where the specifications sit: ../shared/spec beside the repository in a clone; the installed
 * package carries a copy at the same place relative to this module's build (dist/shared/spec beside
 * dist/lib, scripts/build.ts).
 */
const SPEC_DIR = new URL('../../shared/spec/', import.meta.url);

/** The link's address as written into the results: relative, so it names no local path. */
export const SPEC_LINK_BASE = '../shared/spec/';

const SEP = ' › ';

/** A heading's text as GitHub renders it: links, code spans and emphasis reduced to their text. */
function plainHeading(text: string): string {
  return text
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/`([^`]*)`/g, '$1')
    .replace(/(\*\*|__|\*|_)(\S(?:.*?\S)?)\1/g, '$2')
    .replace(/<[^>]+>/g, '')
    .trim();
}

/** GitHub's anchor for a heading (github-slugger): lower case, punctuation dropped, spaces → "-". */
export function githubSlug(heading: string): string {
  return plainHeading(heading)
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** heading path (levels 2+, " › "-joined, plain text) → anchor, for one document's Markdown */
export function headingAnchors(markdown: string): Map<string, string> {
  const anchors = new Map<string, string>();
  const seen = new Map<string, number>();
  const stack: { level: number; text: string }[] = [];
  let fence: string | undefined;
  for (const line of markdown.split(/\r?\n/)) {
    const f = /^\s{0,3}(`{3,}|~{3,})/.exec(line);
    if (f) {
      if (fence === undefined) fence = f[1][0];
      else if (f[1][0] === fence) fence = undefined;
      continue;
    }
    if (fence !== undefined) continue;
    const h = /^(#{1,6})\s+(.+?)\s*#*\s*$/.exec(line);
    if (!h) continue;
    const level = h[1].length;
    const text = plainHeading(h[2]);
    const base = githubSlug(h[2]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    const slug = n === 0 ? base : `${base}-${n}`;
    if (level === 1) continue;
    while (stack.length > 0 && stack[stack.length - 1].level >= level) stack.pop();
    stack.push({ level, text });
    const path = stack.map((s) => s.text).join(SEP);
    if (!anchors.has(path)) anchors.set(path, slug);
  }
  return anchors;
}

const cache = new Map<string, Map<string, string> | undefined>();

function anchorsOf(doc: string): Map<string, string> | undefined {
  if (!cache.has(doc)) {
    let anchors: Map<string, string> | undefined;
    try {
      if (/^[\w.-]+\.md$/.test(doc)) anchors = headingAnchors(readFileSync(new URL(doc, SPEC_DIR), 'utf8'));
    } catch {
      anchors = undefined;
    }
    cache.set(doc, anchors);
  }
  return cache.get(doc);
}

/** The anchor of a section path in `doc`: its deepest heading when the document can be read. */
export function sectionAnchor(doc: string, section: string): string {
  const parts = section
    .split(SEP)
    .map((p) => plainHeading(p))
    .filter((p) => p !== '');
  if (parts.length === 0) return '';
  const anchors = anchorsOf(doc);
  if (anchors) {
    for (let n = parts.length; n > 0; n--) {
      const a = anchors.get(parts.slice(0, n).join(SEP));
      if (a !== undefined) return a;
    }
    return '';
  }
  return githubSlug(parts[parts.length - 1]);
}

/** `../shared/spec/<doc>#<anchor>` for a rule's document and section. */
export function specLink(doc: string, section: string | undefined): string {
  const anchor = section ? sectionAnchor(doc, section) : '';
  return `${SPEC_LINK_BASE}${encodeURI(doc)}${anchor ? `#${encodeURIComponent(anchor)}` : ''}`;
}
