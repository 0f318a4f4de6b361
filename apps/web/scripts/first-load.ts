/**
 * Prints the gzip size of the JavaScript a page loads first: the entry chunk, the page's chunk and
 * everything both import statically. Usage: tsx apps/web/scripts/first-load.ts [page-source-substring]
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

const dist = path.resolve(import.meta.dirname, '../dist');
const manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<string, Chunk>;
const page = process.argv[2] ?? 'sign-in-page';

const seen = new Set<string>();
const visit = (key: string) => {
  if (seen.has(key)) return;
  seen.add(key);
  for (const i of manifest[key]?.imports ?? []) visit(i);
};
const entry = Object.keys(manifest).find((k) => manifest[k]?.isEntry);
const pageKey = Object.keys(manifest).find((k) => k.includes(page));
if (!entry || !pageKey) throw new Error(`entry or page ${page} not found`);
visit(entry);
visit(pageKey);

let total = 0;
const rows = [...seen].map((k) => {
  const file = manifest[k]!.file;
  const gz = gzipSync(readFileSync(path.join(dist, file))).length;
  total += gz;
  return { file, gz };
});
rows.sort((a, b) => b.gz - a.gz);
for (const r of rows) console.log(`${(r.gz / 1024).toFixed(1).padStart(7)} kB  ${r.file}`);
console.log(`${(total / 1024).toFixed(1).padStart(7)} kB  total gzip JavaScript loaded first by ${page}`);
