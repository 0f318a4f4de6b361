import { describe, expect, it } from 'vitest';
import { desEde3Cbc } from '../src/des.ts';
import { fromHex, toHex } from '../src/encoding.ts';
import { rc2DecryptBlock, rc2EncryptBlock, rc2KeySchedule } from '../src/rc2.ts';
import { openssl } from './openssl.ts';

describe('RC2 (RFC 2268 test vectors)', () => {
  it.each([
    ['0000000000000000', 63, '0000000000000000', 'ebb773f993278eff'],
    ['ffffffffffffffff', 64, 'ffffffffffffffff', '278b27e42e2f0d49'],
    ['3000000000000000', 64, '1000000000000001', '30649edf9be7d2c2'],
    ['88', 64, '0000000000000000', '61a8a244adacccf0'],
    ['88bca90e90875a', 64, '0000000000000000', '6ccf4308974c267f'],
    ['88bca90e90875a7f0f79c384627bafb2', 64, '0000000000000000', '1a807d272bbe5db1'],
    ['88bca90e90875a7f0f79c384627bafb2', 128, '0000000000000000', '2269552ab0f85ca6'],
  ])('key %s, %i bits', (key, bits, plain, cipher) => {
    const K = rc2KeySchedule(fromHex(key), bits);
    expect(toHex(rc2EncryptBlock(K, fromHex(plain)))).toBe(cipher);
    expect(toHex(rc2DecryptBlock(K, fromHex(cipher)))).toBe(plain);
  });
});

describe('3DES-CBC agrees with openssl enc', () => {
  it('encrypts like `openssl enc -des-ede3-cbc` and decrypts its output', () => {
    const key = '0123456789abcdeffedcba987654321089abcdef01234567';
    const iv = '1234567890abcdef';
    const plain = new TextEncoder().encode('certificate bag contents, 3 blocks+');
    const theirs = openssl(['enc', '-des-ede3-cbc', '-K', key, '-iv', iv, '-nosalt', '-e', '-a', '-A'], plain).trim();
    const ours = desEde3Cbc(fromHex(key), fromHex(iv), plain, true);
    expect(Buffer.from(ours).toString('base64')).toBe(theirs);
    expect(new TextDecoder().decode(desEde3Cbc(fromHex(key), fromHex(iv), ours, false))).toBe('certificate bag contents, 3 blocks+');
  });
});
