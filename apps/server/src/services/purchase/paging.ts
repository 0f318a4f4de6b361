/** `offset` is the 1-based page number the console sends. */
export const pageOffset = (q: { limit: number; offset: number }) => (q.offset - 1) * q.limit;

/** A case-insensitive substring pattern for ILIKE, with the user's % and _ taken literally. */
export const likePattern = (s: string) => `%${s.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
