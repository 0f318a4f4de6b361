/** The batch purchase box (document 01 §2 "Domain entry", §5 "Batch"). */
import type { RuleMessage } from './purchase-messages.ts';
import { maxBatchOrders } from './terms.ts';

export interface BatchOrderInput {
  commonName: string;
  /** The group's other lines, in order; the common name is not repeated here. */
  domainNames: string[];
}

export interface BatchParseResult {
  groups: BatchOrderInput[];
  /** Set when there are more than 500 groups; the groups are still returned so the screen can show the count. */
  error: RuleMessage | null;
}

/**
 * Blank lines separate orders; the first line of a group is its common name, the others its domains.
 * Lines are trimmed, any number of blank (or whitespace-only) lines count as one separator.
 */
export function parseBatchOrders(text: string): BatchParseResult {
  const groups: BatchOrderInput[] = [];
  let current: string[] = [];
  const flush = () => {
    const [commonName, ...domainNames] = current;
    if (commonName !== undefined) groups.push({ commonName, domainNames });
    current = [];
  };
  for (const raw of text.split(/\r\n|\r|\n/)) {
    const line = raw.trim();
    if (line) current.push(line);
    else flush();
  }
  flush();
  const error: RuleMessage | null = groups.length > maxBatchOrders
    ? { messageKey: 'purchase.batch.tooMany', params: { max: maxBatchOrders } }
    : null;
  return { groups, error };
}

/** The text parseBatchOrders reads back into the same groups (used to refill the box, e.g. after a renewal link). */
export function formatBatchOrders(groups: readonly BatchOrderInput[]): string {
  return groups.map((g) => [g.commonName, ...g.domainNames].join('\n')).join('\n\n');
}
