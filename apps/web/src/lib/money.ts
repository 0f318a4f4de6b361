/** Amounts travel as integer cents (fen); the console shows units with two decimals (doc 02 §5). */
export function formatMoney(cents: number | null | undefined, rate = 1): string {
  if (cents === null || cents === undefined || Number.isNaN(cents)) return '0.00';
  return ((cents / 100) * rate).toFixed(2);
}
