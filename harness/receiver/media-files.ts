// The media the receiver serves (TARGET-CONTRACT §3b, hosted media): each file a rule asks for is
// made once, named by a unique id and what it is (<id>/<width>x<height>-<bytes>.<ext>) under the
// media base URL, and served to whoever fetches it. A request reaches a file by the last two
// segments of its path, so that a tunnel or proxy in front of the receiver may add or strip a
// prefix (receiver.mediaBaseUrl).
import { randomBytes } from 'node:crypto';
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

/** "<id>/<file name>": the two last segments of a path, decoded */
function keyOf(path: string): string {
  return canonicalPath(path).split('/').filter(Boolean).slice(-2).join('/');
}

export function mediaRegistry(mediaBaseUrl: string): MediaRegistry {
  const files = new Map<string, MediaState>();
  let counter = 0;
  return {
    create(spec, opts = {}) {
      const file = makeMedia(spec);
      const kind = MEDIA_KINDS[spec.type];
      const id = `${++counter}-${randomBytes(6).toString('hex')}`;
      const name = `${spec.width}x${spec.height}-${file.length}.${kind.extension}`;
      const st: MediaState = {
        id,
        spec: { ...spec, bytes: file.length },
        contentType: kind.contentType,
        file,
        delayMs: Math.max(0, opts.delayMs ?? 0),
        requests: [],
        owner: currentOwner(),
      };
      files.set(`${id}/${name}`, st);
      const url = `${mediaBaseUrl}/${id}/${name}`;
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
