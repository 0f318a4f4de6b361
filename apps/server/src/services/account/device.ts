/** Browsers in the order they must be tried: Edge, Opera and WeChat also say Chrome; Chrome also says Safari. */
const browsers: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\/(\d+)/, 'Edge'],
  [/OPR\/(\d+)/, 'Opera'],
  [/MicroMessenger\/(\d+)/, 'WeChat'],
  [/Firefox\/(\d+)/, 'Firefox'],
  [/(?:Headless)?Chrom(?:e|ium)\/(\d+)/, 'Chrome'],
  [/Version\/(\d+)[\d.]* (?:Mobile\/\S+ )?Safari\//, 'Safari'],
  [/^curl\/([\d.]+)/, 'curl'],
];
const systems: [RegExp, string][] = [
  [/Windows NT/, 'Windows'],
  [/iPhone|iPad|iPod/, 'iOS'],
  [/Mac OS X|Macintosh/, 'macOS'],
  [/Android/, 'Android'],
  [/CrOS/, 'ChromeOS'],
  [/Linux|X11/, 'Linux'],
];

/** A short "browser · system" label from a user agent, for the activity log; '' for none. */
export function deviceOf(userAgent: string): string {
  if (!userAgent) return '';
  let browser = '';
  for (const [re, name] of browsers) {
    const m = re.exec(userAgent);
    if (m) {
      browser = `${name} ${m[1]}`;
      break;
    }
  }
  const system = systems.find(([re]) => re.test(userAgent))?.[1] ?? '';
  if (browser && system) return `${browser} · ${system}`;
  return browser || system || userAgent.slice(0, 40);
}
