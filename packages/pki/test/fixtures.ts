// Test certificates made by openssl: a chain root (RSA) → intermediate (EC P-384) → leaves, plus odd cases.
import { openssl, TempDir } from './openssl.ts';

export interface Fixtures {
  dir: TempDir;
  /** name → PEM path */
  certs: Record<string, string>;
  keys: Record<string, string>;
  csrs: Record<string, string>;
  pem(name: string): string;
}

const LEAF_EXT = `
[leaf_rsa]
basicConstraints = critical, CA:FALSE
keyUsage = critical, digitalSignature, keyEncipherment
extendedKeyUsage = serverAuth, clientAuth
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
subjectAltName = DNS:www.example.com, DNS:*.example.com, IP:192.0.2.10, IP:2001:db8::1, email:ops@example.com, URI:https://example.com/id
authorityInfoAccess = OCSP;URI:http://ocsp.example.com, caIssuers;URI:http://ca.example.com/int.crt
crlDistributionPoints = URI:http://crl.example.com/int.crl
certificatePolicies = 2.23.140.1.2.2, @cps
1.2.3.4.5.6.7 = ASN1:UTF8String:unknown extension
tlsfeature = status_request
[cps]
policyIdentifier = 1.3.6.1.4.1.99999.1
CPS.1 = "https://example.com/cps"
[leaf_ec]
basicConstraints = CA:FALSE
keyUsage = critical, digitalSignature
extendedKeyUsage = serverAuth
subjectAltName = DNS:api.example.org
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
1.3.6.1.4.1.11129.2.4.3 = critical, ASN1:NULL
[int_ca]
basicConstraints = critical, CA:TRUE, pathlen:0
keyUsage = critical, keyCertSign, cRLSign
subjectKeyIdentifier = hash
authorityKeyIdentifier = keyid
nameConstraints = permitted;DNS:example.com, permitted;DNS:example.org, excluded;IP:10.0.0.0/255.0.0.0
policyConstraints = requireExplicitPolicy:0
inhibitAnyPolicy = 1
policyMappings = 1.3.6.1.4.1.99999.1:1.3.6.1.4.1.99999.2
freshestCRL = URI:http://crl.example.com/delta.crl
issuerAltName = URI:https://ca.example.com
`;

export function makeFixtures(): Fixtures {
  const dir = new TempDir();
  const f = (n: string) => dir.file(n);
  dir.write('ext.cnf', LEAF_EXT);
  const certs: Record<string, string> = {};
  const keys: Record<string, string> = {};
  const csrs: Record<string, string> = {};

  openssl(['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:2048', '-out', f('root.key')]);
  openssl(['req', '-x509', '-new', '-key', f('root.key'), '-sha256', '-days', '3650', '-subj', '/C=CN/O=Test Root 测试/CN=Test Root CA', '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign', '-out', f('root.pem')]);
  openssl(['genpkey', '-algorithm', 'EC', '-pkeyopt', 'ec_paramgen_curve:P-384', '-out', f('int.key')]);
  openssl(['req', '-new', '-key', f('int.key'), '-subj', '/C=CN/O=Test/CN=Test Intermediate CA', '-out', f('int.csr')]);
  openssl(['x509', '-req', '-in', f('int.csr'), '-CA', f('root.pem'), '-CAkey', f('root.key'), '-set_serial', '0x0100', '-days', '1825', '-sha384', '-extfile', f('ext.cnf'), '-extensions', 'int_ca', '-out', f('int.pem')]);

  openssl(['genpkey', '-algorithm', 'RSA', '-pkeyopt', 'rsa_keygen_bits:3072', '-out', f('leaf.key')]);
  openssl(['req', '-new', '-key', f('leaf.key'), '-subj', '/C=SG/ST=Beijing/L=Beijing/O=Example Ltd/OU=SSL/CN=www.example.com/emailAddress=ops@example.com/serialNumber=12345/businessCategory=Private Organization/jurisdictionC=SG', '-addext', 'subjectAltName=DNS:www.example.com,DNS:example.com', '-out', f('leaf.csr')]);
  openssl(['x509', '-req', '-in', f('leaf.csr'), '-CA', f('int.pem'), '-CAkey', f('int.key'), '-days', '365', '-sha256', '-extfile', f('ext.cnf'), '-extensions', 'leaf_rsa', '-out', f('leaf.pem')]);

  openssl(['ecparam', '-name', 'prime256v1', '-genkey', '-noout', '-out', f('leafec.key')]);
  openssl(['req', '-new', '-key', f('leafec.key'), '-subj', '/CN=api.example.org', '-out', f('leafec.csr')]);
  openssl(['x509', '-req', '-in', f('leafec.csr'), '-CA', f('int.pem'), '-CAkey', f('int.key'), '-set_serial', '0x7fabcdef0123', '-days', '90', '-sha384', '-extfile', f('ext.cnf'), '-extensions', 'leaf_ec', '-out', f('leafec.pem')]);

  // A self-signed leaf, the kind people paste by mistake.
  openssl(['req', '-x509', '-new', '-key', f('leafec.key'), '-subj', '/CN=self.example.net', '-days', '30', '-out', f('self.pem')]);

  Object.assign(certs, { root: f('root.pem'), int: f('int.pem'), leaf: f('leaf.pem'), leafec: f('leafec.pem'), self: f('self.pem') });
  Object.assign(keys, { root: f('root.key'), int: f('int.key'), leaf: f('leaf.key'), leafec: f('leafec.key') });
  Object.assign(csrs, { leaf: f('leaf.csr'), leafec: f('leafec.csr'), int: f('int.csr') });
  return { dir, certs, keys, csrs, pem: (name) => dir.readText(`${name}.pem`) };
}
