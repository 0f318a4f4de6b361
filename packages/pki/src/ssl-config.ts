/**
 * TLS server configuration generator driven by Mozilla's Server Side TLS guidelines (reference/…-5.8.json), in the
 * manner of ssl-config.mozilla.org: the profile gives protocols and ciphers, the server and OpenSSL versions decide
 * which directives exist.
 */
import guidelines from './reference/mozilla-server-side-tls-guidelines-5.8.json' with { type: 'json' };

export type SslProfile = 'modern' | 'intermediate' | 'old';
export type SslServer = 'nginx' | 'apache' | 'haproxy' | 'caddy' | 'traefik' | 'lighttpd' | 'tomcat' | 'iis' | 'postfix' | 'dovecot' | 'postgresql' | 'mysql' | 'go';

export const SSL_PROFILES: readonly SslProfile[] = ['modern', 'intermediate', 'old'];
export const GUIDELINES_VERSION = guidelines.version;

export const SSL_SERVERS: Record<SslServer, { name: string; defaultVersion: string; usesOpenssl: boolean; syntax: string }> = {
  nginx: { name: 'nginx', defaultVersion: '1.27.3', usesOpenssl: true, syntax: 'nginx' },
  apache: { name: 'Apache', defaultVersion: '2.4.62', usesOpenssl: true, syntax: 'apache' },
  haproxy: { name: 'HAProxy', defaultVersion: '3.0.7', usesOpenssl: true, syntax: 'haproxy' },
  caddy: { name: 'Caddy', defaultVersion: '2.9.1', usesOpenssl: false, syntax: 'caddyfile' },
  traefik: { name: 'Traefik', defaultVersion: '3.3.2', usesOpenssl: false, syntax: 'yaml' },
  lighttpd: { name: 'lighttpd', defaultVersion: '1.4.76', usesOpenssl: true, syntax: 'lighttpd' },
  tomcat: { name: 'Tomcat', defaultVersion: '10.1.34', usesOpenssl: true, syntax: 'xml' },
  iis: { name: 'Microsoft IIS', defaultVersion: '10.0', usesOpenssl: false, syntax: 'powershell' },
  postfix: { name: 'Postfix', defaultVersion: '3.9.1', usesOpenssl: true, syntax: 'postfix' },
  dovecot: { name: 'Dovecot', defaultVersion: '2.3.21', usesOpenssl: true, syntax: 'dovecot' },
  postgresql: { name: 'PostgreSQL', defaultVersion: '17.2', usesOpenssl: true, syntax: 'postgresql' },
  mysql: { name: 'MySQL', defaultVersion: '8.4.3', usesOpenssl: true, syntax: 'ini' },
  go: { name: 'Go', defaultVersion: '1.23.4', usesOpenssl: false, syntax: 'go' },
};

export interface SslConfigOptions {
  server: SslServer;
  profile: SslProfile;
  serverVersion?: string;
  opensslVersion?: string;
  hsts?: boolean;
  ocspStapling?: boolean;
}

export interface SslConfigResult {
  text: string;
  syntax: string;
  protocols: string[];
  opensslCiphers: string[];
  ciphersuites: string[];
  oldestClients: string[];
  hstsMaxAge: number;
}

const DEFAULT_OPENSSL = '3.4.0';

/** Compares dotted versions numerically; letters (1.1.1w) are ignored. */
export function versionAtLeast(version: string, min: string): boolean {
  const a = version.split(/[.\-]/).map((p) => parseInt(p, 10) || 0);
  const b = min.split('.').map((p) => parseInt(p, 10) || 0);
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) return x > y;
  }
  return true;
}

export function generateSslConfig(opts: SslConfigOptions): SslConfigResult {
  const cfg = guidelines.configurations[opts.profile];
  const server = SSL_SERVERS[opts.server];
  const v = opts.serverVersion?.trim() || server.defaultVersion;
  const ossl = opts.opensslVersion?.trim() || DEFAULT_OPENSSL;
  const hsts = opts.hsts ?? true;
  const ocsp = opts.ocspStapling ?? cfg.ocsp_staple;
  const tls13 = !server.usesOpenssl || versionAtLeast(ossl, '1.1.1');
  const protocols = cfg.tls_versions.filter((p) => p !== 'TLSv1.3' || tls13);
  const ciphers = cfg.ciphers.openssl;
  const maxAge = cfg.hsts_min_age;
  const c: Ctx = { v, ossl, hsts, ocsp, protocols, ciphers, maxAge, cfg, profile: opts.profile };
  const header = `# generated ${opts.profile} profile, Mozilla Guideline v${guidelines.version}, ${server.name} ${v}${server.usesOpenssl ? `, OpenSSL ${ossl}` : ''}\n# oldest supported clients: ${cfg.oldest_clients.join(', ')}\n`;
  const text = TEMPLATES[opts.server](c);
  const commentPrefix = server.syntax === 'xml' ? null : server.syntax === 'go' ? '//' : '#';
  const head = commentPrefix ? header.replace(/^# /gm, `${commentPrefix} `) : `<!-- ${header.replace(/^# /gm, '').trim().replace(/\n/g, '\n     ')} -->\n`;
  return { text: head + text, syntax: server.syntax, protocols, opensslCiphers: ciphers, ciphersuites: cfg.ciphersuites, oldestClients: cfg.oldest_clients, hstsMaxAge: maxAge };
}

type Config = (typeof guidelines.configurations)[SslProfile];
interface Ctx {
  v: string;
  ossl: string;
  hsts: boolean;
  ocsp: boolean;
  protocols: string[];
  ciphers: string[];
  maxAge: number;
  cfg: Config;
  profile: SslProfile;
}

const lines = (...ls: Array<string | false | null | undefined>): string => `${ls.filter((l): l is string => typeof l === 'string').join('\n')}\n`;
/** Lowest enabled protocol as OpenSSL spells it (TLSv1, TLSv1.2…); HAProxy wants TLSv1.0 for the first. */
const opensslMin = (c: Ctx) => c.protocols[0]!;
const dotted = (p: string) => (p === 'TLSv1' ? '1.0' : p.slice(4));
const dhNote = (c: Ctx) => c.cfg.dh_param_size !== null && c.ciphers.some((x) => x.startsWith('DHE'));

const TEMPLATES: Record<SslServer, (c: Ctx) => string> = {
  nginx: (c) => {
    const http2New = versionAtLeast(c.v, '1.25.1');
    return lines(
      'server {',
      '    listen 80 default_server;',
      '    listen [::]:80 default_server;',
      '    return 301 https://$host$request_uri;',
      '}',
      '',
      'server {',
      `    listen 443 ssl${http2New ? '' : ' http2'};`,
      `    listen [::]:443 ssl${http2New ? '' : ' http2'};`,
      http2New && '    http2 on;',
      '',
      '    ssl_certificate /path/to/signed_cert_plus_intermediates;',
      '    ssl_certificate_key /path/to/private_key;',
      '    ssl_session_timeout 1d;',
      '    ssl_session_cache shared:MozSSL:10m;  # about 40000 sessions',
      versionAtLeast(c.v, '1.5.9') && '    ssl_session_tickets off;',
      dhNote(c) && '',
      dhNote(c) && `    # curl https://ssl-config.mozilla.org/ffdhe${c.cfg.dh_param_size}.txt > /path/to/dhparam`,
      dhNote(c) && '    ssl_dhparam /path/to/dhparam;',
      '',
      `    ssl_protocols ${c.protocols.join(' ')};`,
      c.ciphers.length > 0 && `    ssl_ciphers ${c.ciphers.join(':')};`,
      versionAtLeast(c.v, '1.11.0') && `    ssl_ecdh_curve ${c.cfg.tls_curves.join(':')};`,
      `    ssl_prefer_server_ciphers ${c.cfg.server_preferred_order ? 'on' : 'off'};`,
      c.hsts && '',
      c.hsts && `    add_header Strict-Transport-Security "max-age=${c.maxAge}" always;`,
      c.ocsp && '',
      c.ocsp && '    # OCSP stapling',
      c.ocsp && '    ssl_stapling on;',
      c.ocsp && '    ssl_stapling_verify on;',
      c.ocsp && '    ssl_trusted_certificate /path/to/root_CA_cert_plus_intermediates;',
      c.ocsp && '    resolver 127.0.0.1;',
      '}',
    );
  },
  apache: (c) => {
    const all = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'];
    const proto = `all ${all.filter((p) => !c.protocols.includes(p)).map((p) => `-${p}`).join(' ')}`.trim();
    return lines(
      'LoadModule ssl_module modules/mod_ssl.so',
      c.hsts && 'LoadModule headers_module modules/mod_headers.so',
      '',
      'Listen 443',
      '<VirtualHost *:443>',
      '    SSLEngine on',
      versionAtLeast(c.v, '2.4.8') ? '    SSLCertificateFile      /path/to/signed_cert_and_intermediate_certs' : '    SSLCertificateFile      /path/to/signed_certificate',
      !versionAtLeast(c.v, '2.4.8') && '    SSLCertificateChainFile /path/to/intermediate_certificate',
      '    SSLCertificateKeyFile   /path/to/private_key',
      versionAtLeast(c.v, '2.4.17') && '    Protocols h2 http/1.1',
      c.hsts && '',
      c.hsts && `    Header always set Strict-Transport-Security "max-age=${c.maxAge}"`,
      '</VirtualHost>',
      '',
      `SSLProtocol             ${proto}`,
      c.ciphers.length > 0 && `SSLCipherSuite          ${c.ciphers.join(':')}`,
      versionAtLeast(c.v, '2.4.8') && `SSLOpenSSLConfCmd       Curves ${c.cfg.tls_curves.join(':')}`,
      `SSLHonorCipherOrder     ${c.cfg.server_preferred_order ? 'on' : 'off'}`,
      versionAtLeast(c.v, '2.4.11') && 'SSLSessionTickets       off',
      c.ocsp && '',
      c.ocsp && 'SSLUseStapling On',
      c.ocsp && 'SSLStaplingCache "shmcb:logs/ssl_stapling(32768)"',
    );
  },
  haproxy: (c) =>
    lines(
      'global',
      '    # https://docs.haproxy.org/2.8/configuration.html#3.1-ssl-default-bind-ciphers',
      c.ciphers.length > 0 && `    ssl-default-bind-ciphers ${c.ciphers.join(':')}`,
      versionAtLeast(c.v, '1.8') && `    ssl-default-bind-ciphersuites ${c.cfg.ciphersuites.join(':')}`,
      versionAtLeast(c.v, '2.2') && `    ssl-default-bind-curves ${c.cfg.tls_curves.join(':')}`,
      `    ssl-default-bind-options ${!c.cfg.server_preferred_order && versionAtLeast(c.v, '1.9') ? 'prefer-client-ciphers ' : ''}ssl-min-ver TLSv${dotted(opensslMin(c))} no-tls-tickets`,
      '',
      c.ciphers.length > 0 && `    ssl-default-server-ciphers ${c.ciphers.join(':')}`,
      versionAtLeast(c.v, '1.8') && `    ssl-default-server-ciphersuites ${c.cfg.ciphersuites.join(':')}`,
      `    ssl-default-server-options ssl-min-ver TLSv${dotted(opensslMin(c))} no-tls-tickets`,
      '',
      'frontend ft_test',
      '    mode    http',
      '    bind    :443 ssl crt /path/to/<cert+privkey+intermediate+dhparam> alpn h2,http/1.1',
      '    bind    :80',
      '    redirect scheme https code 301 if !{ ssl_fc }',
      c.hsts && '',
      c.hsts && `    http-response set-header Strict-Transport-Security max-age=${c.maxAge}`,
      c.ocsp && '',
      c.ocsp && (versionAtLeast(c.v, '2.8') ? '    # OCSP stapling: add "ocsp-update on" to the certificate line of a crt-list' : '    # OCSP stapling: keep a .ocsp response file next to the certificate'),
    ),
  caddy: (c) =>
    lines(
      '# Caddy staples OCSP and renews certificates automatically.',
      'example.com {',
      '    tls {',
      `        protocols tls${dotted(c.protocols[0]!)} tls${dotted(c.protocols[c.protocols.length - 1]!)}`,
      c.cfg.ciphers.caddy.length > 0 && `        ciphers ${c.cfg.ciphers.caddy.join(' ')}`,
      `        curves ${c.cfg.tls_curves.map((x) => ({ X25519: 'x25519', prime256v1: 'secp256r1', secp384r1: 'secp384r1' })[x] ?? x).join(' ')}`,
      '    }',
      c.hsts && `    header Strict-Transport-Security "max-age=${c.maxAge}"`,
      '}',
    ),
  traefik: (c) =>
    lines(
      '# dynamic configuration',
      'tls:',
      '  options:',
      '    default:',
      `      minVersion: VersionTLS${dotted(c.protocols[0]!).replace('.', '')}`,
      c.cfg.ciphers.go.length > 0 && '      cipherSuites:',
      ...c.cfg.ciphers.go.map((x) => `        - ${x}`),
      '      curvePreferences:',
      ...c.cfg.tls_curves.map((x) => `        - ${({ X25519: 'X25519', prime256v1: 'CurveP256', secp384r1: 'CurveP384' } as Record<string, string>)[x] ?? x}`),
      c.hsts && '',
      c.hsts && 'http:',
      c.hsts && '  middlewares:',
      c.hsts && '    hsts:',
      c.hsts && '      headers:',
      c.hsts && `        stsSeconds: ${c.maxAge}`,
      '# Traefik staples OCSP on its own since v3.1 (ocsp: {} in the static configuration).',
    ),
  lighttpd: (c) =>
    lines(
      'server.modules += ("mod_openssl"' + (c.hsts ? ', "mod_setenv"' : '') + ')',
      '$SERVER["socket"] == ":443" {',
      '    ssl.engine = "enable"',
      '    ssl.privkey = "/path/to/private_key"',
      '    ssl.pemfile = "/path/to/signed_cert_plus_intermediates"',
      versionAtLeast(c.v, '1.4.48')
        ? `    ssl.openssl.ssl-conf-cmd = ("MinProtocol" => "${opensslMin(c)}"${c.ciphers.length > 0 ? `, "CipherString" => "${c.ciphers.join(':')}"` : ''}, "Options" => "-SessionTicket${c.cfg.server_preferred_order ? ', ServerPreference' : ''}")`
        : `    ssl.cipher-list = "${c.ciphers.join(':')}"`,
      c.ocsp && versionAtLeast(c.v, '1.4.56') && '    ssl.stapling-file = "/path/to/ocsp-response.der"',
      '}',
      c.hsts && `setenv.add-response-header = ("Strict-Transport-Security" => "max-age=${c.maxAge}")`,
    ),
  tomcat: (c) =>
    lines(
      '<Connector port="443" protocol="org.apache.coyote.http11.Http11NioProtocol" SSLEnabled="true" maxThreads="150">',
      '    <UpgradeProtocol className="org.apache.coyote.http2.Http2Protocol" />',
      `    <SSLHostConfig protocols="${c.protocols.join(',')}"`,
      c.ciphers.length > 0 && `                   ciphers="${c.ciphers.join(':')}"`,
      `                   honorCipherOrder="${c.cfg.server_preferred_order}"`,
      versionAtLeast(c.v, '8.5.0') && '                   disableSessionTickets="true"',
      '                   certificateVerification="none">',
      '        <Certificate certificateFile="/path/to/signed_cert.pem"',
      '                     certificateKeyFile="/path/to/private_key.pem"',
      '                     certificateChainFile="/path/to/intermediates.pem" type="RSA" />',
      '    </SSLHostConfig>',
      '</Connector>',
      c.hsts && '',
      c.hsts && '<!-- web.xml: HSTS through the security header filter -->',
      c.hsts && '<filter><filter-name>httpHeaderSecurity</filter-name><filter-class>org.apache.catalina.filters.HttpHeaderSecurityFilter</filter-class>',
      c.hsts && `  <init-param><param-name>hstsMaxAgeSeconds</param-name><param-value>${c.maxAge}</param-value></init-param></filter>`,
      c.hsts && '<filter-mapping><filter-name>httpHeaderSecurity</filter-name><url-pattern>/*</url-pattern></filter-mapping>',
    ),
  iis: (c) => {
    const all = ['TLSv1', 'TLSv1.1', 'TLSv1.2', 'TLSv1.3'];
    const reg = (p: string) => `TLS ${dotted(p)}`;
    const suites = c.cfg.ciphers.iana.filter((s) => !s.includes('CHACHA20'));
    return lines(
      '# Run in an elevated PowerShell on Windows Server 2022 / IIS 10, then reboot.',
      '$base = "HKLM:\\SYSTEM\\CurrentControlSet\\Control\\SecurityProviders\\SCHANNEL\\Protocols"',
      '$protocols = @{ "SSL 3.0" = 0; ' + all.map((p) => `"${reg(p)}" = ${c.protocols.includes(p) ? 1 : 0}`).join('; ') + ' }',
      'foreach ($p in $protocols.Keys) {',
      '    foreach ($side in "Server", "Client") {',
      '        $k = "$base\\$p\\$side"',
      '        New-Item $k -Force | Out-Null',
      '        New-ItemProperty $k -Name Enabled -Value $protocols[$p] -PropertyType DWord -Force | Out-Null',
      '        New-ItemProperty $k -Name DisabledByDefault -Value (1 - $protocols[$p]) -PropertyType DWord -Force | Out-Null',
      '    }',
      '}',
      '',
      '# Cipher suites in order (TLS 1.3 suites are managed by Windows).',
      'Get-TlsCipherSuite | ForEach-Object { Disable-TlsCipherSuite -Name $_.Name }',
      ...suites.map((s, i) => `Enable-TlsCipherSuite -Name "${s}" -Position ${i}`),
      c.hsts && '',
      c.hsts && '# HSTS (IIS 10.0 version 1709 and later)',
      c.hsts && `Set-WebConfigurationProperty -PSPath "IIS:\\" -Filter "system.applicationHost/sites/site[@name='Default Web Site']/hsts" -Name "." -Value @{enabled="true"; "max-age"=${c.maxAge}; redirectHttpToHttps="true"}`,
      c.ocsp && '# OCSP stapling is on by default in IIS.',
    );
  },
  postfix: (c) =>
    lines(
      'smtpd_tls_cert_file = /path/to/signed_cert_plus_intermediates',
      'smtpd_tls_key_file = /path/to/private_key',
      'smtpd_tls_security_level = may',
      'smtpd_tls_auth_only = yes',
      `smtpd_tls_mandatory_protocols = ${['SSLv2', 'SSLv3', 'TLSv1', 'TLSv1.1', 'TLSv1.2'].filter((p) => !c.protocols.includes(p)).map((p) => `!${p}`).join(', ')}`,
      `smtpd_tls_protocols = ${['SSLv2', 'SSLv3', 'TLSv1', 'TLSv1.1', 'TLSv1.2'].filter((p) => !c.protocols.includes(p)).map((p) => `!${p}`).join(', ')}`,
      'smtpd_tls_mandatory_ciphers = medium',
      c.ciphers.length > 0 && `tls_medium_cipherlist = ${c.ciphers.join(':')}`,
      `tls_preempt_cipherlist = ${c.cfg.server_preferred_order ? 'yes' : 'no'}`,
    ),
  dovecot: (c) =>
    lines(
      'ssl = required',
      'ssl_cert = </path/to/signed_cert_plus_intermediates',
      'ssl_key = </path/to/private_key',
      dhNote(c) && 'ssl_dh = </path/to/dhparam',
      `ssl_min_protocol = ${opensslMin(c)}`,
      c.ciphers.length > 0 && `ssl_cipher_list = ${c.ciphers.join(':')}`,
      `ssl_prefer_server_ciphers = ${c.cfg.server_preferred_order ? 'yes' : 'no'}`,
    ),
  postgresql: (c) =>
    lines(
      'ssl = on',
      "ssl_cert_file = '/path/to/signed_cert_plus_intermediates'",
      "ssl_key_file = '/path/to/private_key'",
      `ssl_min_protocol_version = '${opensslMin(c)}'`,
      c.ciphers.length > 0 && `ssl_ciphers = '${c.ciphers.join(':')}'`,
      `ssl_prefer_server_ciphers = ${c.cfg.server_preferred_order ? 'on' : 'off'}`,
    ),
  mysql: (c) =>
    lines(
      '[mysqld]',
      'ssl_cert = /path/to/signed_cert_plus_intermediates',
      'ssl_key = /path/to/private_key',
      `tls_version = ${c.protocols.join(',')}`,
      c.ciphers.length > 0 && `ssl_cipher = ${c.ciphers.join(':')}`,
      `tls_ciphersuites = ${c.cfg.ciphersuites.join(':')}`,
      'require_secure_transport = ON',
    ),
  go: (c) =>
    lines(
      'cfg := &tls.Config{',
      `    MinVersion: tls.VersionTLS${dotted(c.protocols[0]!).replace('.', '')},`,
      c.cfg.ciphers.go.length > 0 && '    CipherSuites: []uint16{',
      ...c.cfg.ciphers.go.map((x) => `        tls.${x},`),
      c.cfg.ciphers.go.length > 0 && '    },',
      '    CurvePreferences: []tls.CurveID{tls.X25519, tls.CurveP256, tls.CurveP384},',
      '}',
      'srv := &http.Server{Addr: ":443", TLSConfig: cfg}',
      c.hsts && `// in handlers: w.Header().Add("Strict-Transport-Security", "max-age=${c.maxAge}")`,
    ),
};
