import { defaultSiteConfig, siteConfig, type SiteConfig } from '@cc/contracts/site';
import type { Db } from '@cc/db/client';

/** The site configuration of a host: its own settings over the shared ones (`*`) over the built-in defaults. */
export async function siteConfigFor(db: Db, hostHeader: string | undefined): Promise<SiteConfig> {
  const host = (hostHeader ?? '').replace(/:\d+$/, '').toLowerCase();
  const rows = await db.query<{ host: string; config: Partial<SiteConfig> }>(
    `SELECT host, config FROM site_config WHERE host = $1 OR host = '*' ORDER BY (host = '*')`,
    [host],
  );
  const merged = rows.reduceRight<SiteConfig>((acc, r) => ({ ...acc, ...r.config, currency: { ...acc.currency, ...(r.config.currency ?? {}) } }), defaultSiteConfig);
  return siteConfig.parse(merged);
}
