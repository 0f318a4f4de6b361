import type { Queryable } from '@cc/db/client';
import type { CompanyLookupResult } from '@cc/contracts/organizations';

/** Looks a company up by name (the console's qiChaCha call). A real registry adapter would sit behind the same interface. */
export interface CompanyLookup {
  find(orgName: string): Promise<CompanyLookupResult | null>;
}

/**
 * The built-in default: the seeded company_directory table, matched by case-insensitive substring either way
 * (a typed fragment of the name, or a full name with extra words), the exact and shortest names first.
 */
export function directoryLookup(db: Queryable): CompanyLookup {
  return {
    async find(orgName) {
      const name = orgName.trim();
      if (!name) return null;
      const [row] = await db.query<CompanyLookupResult>(
        `SELECT name, credit_code AS "creditCode", country, province, locality, registry_addr AS "registryAddr",
                postal_code AS "postalCode", telephone
           FROM company_directory
          WHERE strpos(lower(name), lower($1)) > 0 OR strpos(lower($1), lower(name)) > 0
          ORDER BY (lower(name) = lower($1)) DESC, length(name), id
          LIMIT 1`,
        [name],
      );
      return row ?? null;
    },
  };
}
