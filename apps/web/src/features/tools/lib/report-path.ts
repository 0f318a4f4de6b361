/** The address of a report page: host, plus the port when it is not 443; `id` names the report just started. */
export const reportPath = (host: string, port: number, id?: string) =>
  `/certhub/tools/report/${encodeURIComponent(port === 443 ? host : `${host}:${port}`)}${id ? `?id=${encodeURIComponent(id)}` : ''}`;

/** Reads the $domain of a report page back: "example.com" or "example.com:8443" or "[2001:db8::1]:443". */
export function parseReportDomain(domain: string): { host: string; port?: number } {
  const d = decodeURIComponent(domain).trim();
  const v6 = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(d);
  if (v6) return { host: v6[1]!, ...(v6[2] ? { port: Number(v6[2]) } : {}) };
  const m = /^([^:]+):(\d{1,5})$/.exec(d);
  if (m) return { host: m[1]!, port: Number(m[2]) };
  return { host: d };
}
