/** An amount in cents as the server words it in messages, mails and refusals: ¥1234.50. */
export const yuanText = (cents: unknown): string => `¥${(Number(cents) / 100).toFixed(2)}`;
