// @peculiar/x509 uses tsyringe decorators, which need the reflect-metadata polyfill loaded first.
import 'reflect-metadata';

export * from './encoding.ts';
export * from './errors.ts';
export * from './detect.ts';
export * from './names.ts';
export * from './pbes2.ts';
export * from './keys.ts';
export * from './csr.ts';
export * from './parse.ts';
export * from './chain.ts';
export * from './pkcs7.ts';
export * from './pkcs12.ts';
export * from './convert.ts';
export * from './match.ts';
export * from './ssl-config.ts';
