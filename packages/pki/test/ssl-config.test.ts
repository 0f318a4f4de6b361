import { describe, expect, it } from 'vitest';
import { generateSslConfig, SSL_PROFILES, SSL_SERVERS, versionAtLeast, type SslServer } from '../src/index.ts';
import { openssl } from './openssl.ts';

describe('generateSslConfig (Mozilla guidelines 5.8)', () => {
  it('nginx intermediate: protocols, ciphers, HSTS, stapling, http2 by version', () => {
    const r = generateSslConfig({ server: 'nginx', profile: 'intermediate', serverVersion: '1.26.0', opensslVersion: '3.0.13', hsts: true, ocspStapling: true });
    expect(r.text).toContain('ssl_protocols TLSv1.2 TLSv1.3;');
    expect(r.text).toContain('ssl_ciphers ECDHE-ECDSA-AES128-GCM-SHA256:');
    expect(r.text).toContain('add_header Strict-Transport-Security "max-age=63072000" always;');
    expect(r.text).toContain('ssl_stapling on;');
    expect(r.text).toContain('http2 on;');
    const old = generateSslConfig({ server: 'nginx', profile: 'intermediate', serverVersion: '1.18.0', opensslVersion: '1.0.2', hsts: false, ocspStapling: false });
    expect(old.text).toContain('listen 443 ssl http2;');
    expect(old.text).toContain('ssl_protocols TLSv1.2;');
    expect(old.text).not.toContain('Strict-Transport-Security');
    expect(old.text).not.toContain('ssl_stapling');
  });

  it('modern has no cipher list; old enables TLSv1 and server order', () => {
    expect(generateSslConfig({ server: 'apache', profile: 'modern' }).text).toMatch(/SSLProtocol\s+all -TLSv1 -TLSv1\.1 -TLSv1\.2\n/);
    expect(generateSslConfig({ server: 'apache', profile: 'modern' }).text).not.toContain('SSLCipherSuite');
    expect(generateSslConfig({ server: 'apache', profile: 'old' }).text).toMatch(/SSLHonorCipherOrder\s+on/);
    expect(generateSslConfig({ server: 'haproxy', profile: 'old' }).text).toContain('ssl-min-ver TLSv1.0');
    expect(generateSslConfig({ server: 'caddy', profile: 'intermediate' }).text).toContain('protocols tls1.2 tls1.3');
  });

  it('every cipher string of every profile is understood by openssl', () => {
    for (const profile of SSL_PROFILES) {
      const r = generateSslConfig({ server: 'nginx', profile });
      if (r.opensslCiphers.length > 0) expect(openssl(['ciphers', r.opensslCiphers.join(':')]).trim().split(':').length).toBeGreaterThan(3);
    }
  });

  it('produces a non-empty configuration for every server and profile', () => {
    for (const server of Object.keys(SSL_SERVERS) as SslServer[]) {
      for (const profile of SSL_PROFILES) {
        const r = generateSslConfig({ server, profile });
        expect(r.text.length).toBeGreaterThan(100);
        expect(r.text).not.toMatch(/undefined|NaN|\[object/);
      }
    }
  });

  it('compares versions numerically', () => {
    expect(versionAtLeast('1.1.1w', '1.1.1')).toBe(true);
    expect(versionAtLeast('1.0.2', '1.1.1')).toBe(false);
    expect(versionAtLeast('1.25.10', '1.25.1')).toBe(true);
  });
});
