declare module "snappyjs" {
  export function compress(input: Uint8Array): Uint8Array;
  export function uncompress(input: Uint8Array, maxLength?: number): Uint8Array;
}

declare module "lz4js" {
  export function compressBound(n: number): number;
  export function compressBlock(
    src: Uint8Array,
    dst: Uint8Array,
    sIndex: number,
    sLength: number,
    hashTable: Uint32Array,
  ): number;
}
