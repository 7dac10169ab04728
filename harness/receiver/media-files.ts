// The media the receiver serves (TARGET-CONTRACT §3b, hosted media): each file a rule asks for is
// made once, named by a short unique id and its type's extension (<id>.<ext>) under the media base
// URL, and served to whoever fetches it. Names are short because a target may bound the length of
// a field that lists several image URLs; what a file is, the caller keeps (MediaFile.spec). A
// request reaches a file by the last segment of its path, so that a tunnel or proxy in front of
// the receiver may add or strip a prefix (receiver.mediaBaseUrl).
import { randomInt } from 'node:crypto';
import { currentOwner } from '../domain/owner.ts';
import { MEDIA_KINDS, type MediaSpec, makeMedia } from './media/index.ts';
import { canonicalPath } from './paths.ts';
import type { InboundRequest, MediaFile, MediaOptions } from './types.ts';

export interface MediaState {
  id: string;
  spec: MediaSpec & { bytes: number };
  contentType: string;
  file: Buffer;
  delayMs: number;
  requests: InboundRequest[];
  /** the rule that asked for the file (see harness/domain/owner.ts) */
  owner?: string;
}

export interface MediaRegistry {
  /** a new file, made now (throws a MediaSpecError when it cannot be made) */
  create(spec: MediaSpec, opts?: MediaOptions): MediaFile;
  /** the file a request path reaches, if any */
  lookup(path: string): MediaState | undefined;
}

/** the file name a path ends with, decoded */
function keyOf(path: string): string {
  return canonicalPath(path).split('/').filter(Boolean).at(-1) ?? '';
}

/** a short id, unique in the receiver: a counter, then four random characters (in base 36) */
const shortId = (n: number) =>
  `${n.toString(36)}${randomInt(36 ** 4)
    .toString(36)
    .padStart(4, '0')}`;

export function mediaRegistry(mediaBaseUrl: string): MediaRegistry {
  const files = new Map<string, MediaState>();
  // files of one spec are alike: each is made once and served under every name asked for
  const made = new Map<string, Buffer>();
  let counter = 0;
  return {
    create(spec, opts = {}) {
      const key = JSON.stringify([spec.type, spec.width, spec.height, spec.bytes]);
      const file = made.get(key) ?? makeMedia(spec);
      made.set(key, file);
      const kind = MEDIA_KINDS[spec.type];
      const id = shortId(++counter);
      const name = `${id}.${kind.extension}`;
      const st: MediaState = {
        id,
        spec: { ...spec, bytes: file.length },
        contentType: kind.contentType,
        file,
        delayMs: Math.max(0, opts.delayMs ?? 0),
        requests: [],
        owner: currentOwner(),
      };
      files.set(name, st);
      const url = `${mediaBaseUrl}/${name}`;
      return {
        url,
        path: new URL(url).pathname,
        spec: st.spec,
        contentType: st.contentType,
        requests: () => st.requests.slice(),
      };
    },
    lookup: (path) => files.get(keyOf(path)),
  };
}
