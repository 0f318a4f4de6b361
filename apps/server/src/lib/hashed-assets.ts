import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import mime from 'mime';

type Encoding = 'br' | 'gzip' | 'identity';

/** One file of the build's assets/ folder, in the encodings the build wrote for it. */
export interface HashedAsset {
  type: string;
  etag: string;
  /** The build's copies beside the file (`.br`, `.gz`), best first. */
  encodings: Exclude<Encoding, 'identity'>[];
  /** The bytes of an encoding ('identity': the file itself), read on first use. */
  body(encoding: Encoding): Buffer;
}

const suffix: Record<Encoding, string> = { br: '.br', gzip: '.gz', identity: '' };

/** The file's media type; the build writes its text files in UTF-8. */
function typeOf(name: string): string {
  const type = mime.getType(name) ?? 'application/octet-stream';
  return /^(?:text\/|application\/json$)/.test(type) ? `${type}; charset=utf-8` : type;
}

/**
 * The console's hashed assets (apps/web/dist/assets), listed once and each read into memory on first use. Their
 * names carry their content's hash, so a file never changes under its name, and a page's first load asks for some
 * fifty at once: answered from memory, each costs the server no file system round trips (stat, open, read, close).
 * The folder holds what one build wrote (a few MB), so keeping what has been asked for is bounded. A new build put in
 * the folder while the server runs is listed when a name is missing and the folder has changed since it was listed.
 */
export function hashedAssets(dir: string): (name: string) => HashedAsset | undefined {
  let listed = { stamp: -1, names: new Set<string>() };
  const assets = new Map<string, HashedAsset>();
  const relist = () => {
    const stamp = statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? 0;
    if (stamp === listed.stamp) return;
    listed = { stamp, names: new Set(stamp ? readdirSync(dir) : []) };
    for (const name of assets.keys()) if (!listed.names.has(name)) assets.delete(name);
  };
  relist();
  const make = (name: string): HashedAsset | undefined => {
    const file = path.join(dir, name);
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat?.isFile()) return undefined;
    const bodies = new Map<Encoding, Buffer>();
    return {
      type: typeOf(name),
      etag: `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`,
      encodings: (['br', 'gzip'] as const).filter((e) => listed.names.has(name + suffix[e])),
      body(encoding) {
        let body = bodies.get(encoding);
        if (!body) bodies.set(encoding, (body = readFileSync(file + suffix[encoding])));
        return body;
      },
    };
  };
  return (name) => {
    // The copies are sent as encodings of their file, never as files of their own.
    if (name.endsWith('.br') || name.endsWith('.gz')) return undefined;
    if (!listed.names.has(name)) relist();
    // A listed name only: nothing else reaches the file system (no '..', no other folder).
    if (!listed.names.has(name)) return undefined;
    let asset = assets.get(name);
    if (!asset && (asset = make(name))) assets.set(name, asset);
    return asset;
  };
}

/** The encoding to send: the first the build wrote that the client accepts, else the file itself. */
export function pickEncoding(asset: HashedAsset, acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepted = acceptEncoding.split(',').flatMap((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    // `br;q=0` refuses br.
    return params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p)) ? [] : [name];
  });
  return asset.encodings.find((e) => accepted.includes(e)) ?? 'identity';
}
