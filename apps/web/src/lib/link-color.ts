import { useIsDark } from './prefs.ts';

/**
 * A link colour that reads at 4.5:1 or better on the console's surfaces: the primary colour on light ones (6:1 on
 * white), a lighter blue on dark ones (the dark algorithm's link blue gives only 3.6:1 on #1f1f1f).
 */
export const linkColors = { light: '#1652f0', dark: '#7ea2ff' } as const;

export function useLinkColor(): string {
  return useIsDark() ? linkColors.dark : linkColors.light;
}
