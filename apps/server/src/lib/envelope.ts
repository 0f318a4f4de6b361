/** The success envelope of every call. */
export const ok = <T>(data: T, msg = 'success') => ({ code: 200 as const, data, msg });
