import { execFile } from 'node:child_process';
import { promisify } from 'node:util';

/**
 * The scale path of DNS hosting: PowerDNS (Debian's pdns-server + pdns-backend-pgsql) serving the zones straight from
 * our PostgreSQL tables, as many servers as needed, with no zone transfer and no copy. PowerDNS reads its own table
 * names (domains, records, ...); the migration gives it views and tables of that exact shape named pdns_*, and this
 * file writes a configuration whose gpgsql queries are the installed PowerDNS's own defaults with those names
 * swapped in. The search path (the schema) goes in the connection options.
 */

const tables = ['records', 'domains', 'domainmetadata', 'cryptokeys', 'tsigkeys', 'comments', 'supermasters'];
const tablePattern = new RegExp(`\\b(from|join|into|update)\\s+(${tables.join('|')})\\b(\\s*,\\s*(${tables.join('|')})\\b)?`, 'gi');

/** One query with our table names, each keeping its own name as alias so that column references still resolve. */
export function rewriteQuery(sql: string): string {
  return sql.replace(tablePattern, (_m, kw: string, t1: string, _c: string | undefined, t2: string | undefined) => {
    // INSERT INTO takes no alias before its column list in the form PowerDNS writes it; the others do.
    const one = kw.toLowerCase() === 'into' ? `pdns_${t1.toLowerCase()}` : `pdns_${t1.toLowerCase()} ${t1}`;
    return `${kw} ${one}${t2 ? `, pdns_${t2.toLowerCase()} ${t2}` : ''}`;
  });
}

/** The installed PowerDNS's default gpgsql queries (they differ between versions), rewritten for our tables. */
export async function powerdnsQueries(binary = 'pdns_server'): Promise<Record<string, string>> {
  const { stdout } = await promisify(execFile)(binary, ['--config=default', '--launch=gpgsql', '--no-config'], { maxBuffer: 4 << 20 });
  const out: Record<string, string> = {};
  for (const line of stdout.split('\n')) {
    const m = /^# (gpgsql-[a-z0-9-]+)=(.+)$/.exec(line);
    if (m && /\b(select|insert|update|delete)\b/i.test(m[2]!)) out[m[1]!] = rewriteQuery(m[2]!);
  }
  return out;
}

export interface PowerdnsOptions {
  /** PostgreSQL connection: host, port, user, password (optional), database. */
  db: { host: string; port: number; user: string; password?: string; dbname: string };
  /** The schema the product's tables are in (DATABASE_SCHEMA), or public. */
  schema?: string | undefined;
  localAddress: string;
  localPort: number;
  /** Folder for PowerDNS's control socket. */
  socketDir: string;
}

/** A whole pdns.conf: gpgsql on our tables, no DNSSEC, foreground, authoritative only. */
export async function powerdnsConfig(o: PowerdnsOptions, binary?: string): Promise<string> {
  const queries = await powerdnsQueries(binary);
  const lines = [
    'launch=gpgsql',
    `gpgsql-host=${o.db.host}`,
    `gpgsql-port=${o.db.port}`,
    `gpgsql-user=${o.db.user}`,
    ...(o.db.password ? [`gpgsql-password=${o.db.password}`] : []),
    `gpgsql-dbname=${o.db.dbname}`,
    `gpgsql-extra-connection-parameters=options='-c search_path=${o.schema ?? 'public'}'`,
    'gpgsql-dnssec=no',
    `local-address=${o.localAddress}`,
    `local-port=${o.localPort}`,
    `socket-dir=${o.socketDir}`,
    'daemon=no',
    'guardian=no',
    'disable-syslog=yes',
    // Answers come from the database each time, as the built-in server's do: a change is served at once.
    'query-cache-ttl=0',
    'negquery-cache-ttl=0',
    'cache-ttl=0',
    'zone-cache-refresh-interval=0',
    ...Object.entries(queries).map(([k, v]) => `${k}=${v}`),
  ];
  return `${lines.join('\n')}\n`;
}
