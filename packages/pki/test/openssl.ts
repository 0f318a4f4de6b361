// Runs the real openssl binary so round trips are checked against an independent implementation.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function openssl(args: string[], input?: string | Uint8Array): string {
  return execFileSync('openssl', args, { input, stdio: ['pipe', 'pipe', 'pipe'] }).toString('utf8');
}

/** stdout and stderr together, for commands such as `pkcs12 -info` that report on stderr. */
export function opensslAll(args: string[], input?: string | Uint8Array): string {
  const r = spawnSync('openssl', args, { input });
  if (r.status !== 0) throw new Error(`openssl ${args.join(' ')} failed: ${r.stderr.toString()}`);
  return r.stdout.toString('utf8') + r.stderr.toString('utf8');
}

export class TempDir {
  readonly path = mkdtempSync(join(tmpdir(), 'cc-pki-'));
  file(name: string): string {
    return join(this.path, name);
  }
  write(name: string, data: string | Uint8Array): string {
    const p = this.file(name);
    writeFileSync(p, data);
    return p;
  }
  read(name: string): Buffer {
    return readFileSync(this.file(name));
  }
  readText(name: string): string {
    return readFileSync(this.file(name), 'utf8');
  }
  remove(): void {
    rmSync(this.path, { recursive: true, force: true });
  }
}
