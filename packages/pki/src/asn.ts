/**
 * ASN.1 through @peculiar/asn1-schema, tolerant of BER as Windows, Java and old exporters write it: indefinite
 * lengths (which asn1js reads) and constructed OCTET STRINGs (which the schema comparison of asn1-schema refuses, so
 * they are joined into one primitive string first). Writing is always DER.
 */
import { AsnAnyConverter, AsnOctetStringConverter, AsnParser, AsnProp, AsnSerializer, AsnType } from '@peculiar/asn1-schema';
import { concatBytes, toBytes, type Bytes } from './encoding.ts';

/** The part of an asn1js node that is read here (asn1js itself stays the one asn1-schema bundles). */
interface BerNode {
  idBlock: { tagClass: number; tagNumber: number; isConstructed: boolean };
  valueBlock: { value?: unknown; valueHexView?: Uint8Array };
  valueBeforeDecodeView: Uint8Array;
}
type AsnNode = ReturnType<typeof AsnAnyConverter.toASN>;
type PropOptions = Parameters<typeof AsnProp>[0];
type TypeOptions = Parameters<typeof AsnType>[0];
/** Bytes in any form: ANY fields are ArrayBuffers, the rest Uint8Arrays. */
export type BytesLike = ArrayBuffer | ArrayBufferView;

const UNIVERSAL = 1;
const OCTET_STRING = 4;

function joinConstructedStrings(node: BerNode): BerNode {
  if (!node.idBlock.isConstructed || !Array.isArray(node.valueBlock.value)) return node;
  const children = (node.valueBlock.value as BerNode[]).map(joinConstructedStrings);
  node.valueBlock.value = children;
  if (node.idBlock.tagClass !== UNIVERSAL || node.idBlock.tagNumber !== OCTET_STRING) return node;
  const joined = AsnOctetStringConverter.toASN(concatBytes(...children.map((c) => c.valueBlock.valueHexView ?? new Uint8Array(0))).buffer) as unknown as BerNode;
  // ANY fields hand out the element's own bytes: keep the original encoding there.
  joined.valueBeforeDecodeView = node.valueBeforeDecodeView;
  return joined;
}

/** The asn1js tree of BER or DER bytes (asn1-schema's own copy of asn1js, so the parser recognises its nodes). */
function decodeBer(bytes: BytesLike): AsnNode {
  const view = ArrayBuffer.isView(bytes) ? new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength) : new Uint8Array(bytes);
  if (view.length === 0) throw new Error('ASN.1: empty input');
  return AsnAnyConverter.toASN(toBytes(view).buffer) as AsnNode;
}

/** Reads BER or DER into an asn1-schema type. */
export function parseBer<T>(bytes: BytesLike, type: new () => T): T {
  return AsnParser.fromASN(joinConstructedStrings(decodeBer(bytes) as unknown as BerNode) as unknown as AsnNode, type);
}

/** Like parseBer, or null when the bytes are not that structure. */
export function tryParseBer<T>(bytes: BytesLike, type: new () => T): T | null {
  try {
    return parseBer(bytes, type);
  } catch {
    return null;
  }
}

/** DER of an asn1-schema object. */
export function toDer(value: unknown): Bytes {
  return new Uint8Array(AsnSerializer.serialize(value));
}

/** The bytes of an ANY field or an OCTET STRING, as a plain Uint8Array. */
export const bytesOf = (b: ArrayBuffer | ArrayBufferView): Bytes => toBytes(b);

/**
 * Declares an asn1-schema structure without decorator syntax (the apps compile without experimentalDecorators):
 * the same calls the decorators would make.
 */
export function asnSchema<T extends object>(
  type: new () => T,
  props: { [K in keyof T]?: PropOptions },
  options?: TypeOptions,
): void {
  if (options) AsnType(options)(type);
  for (const [key, opts] of Object.entries(props) as Array<[string, PropOptions]>) AsnProp(opts)(type.prototype, key);
}
