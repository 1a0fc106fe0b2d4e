// heic-decode ships no types; what backend/src/storage/heif-worker.ts uses of it (README of 2.1.0).
declare module 'heic-decode' {
  interface DecodedImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel. */
    data: Uint8ClampedArray;
  }
  interface PendingImage {
    width: number;
    height: number;
    decode(): Promise<DecodedImage>;
  }
  interface Decode {
    (input: { buffer: Uint8Array }): Promise<DecodedImage>;
    /** Every image of the file, not decoded yet; call dispose() when done. */
    all(input: { buffer: Uint8Array }): Promise<PendingImage[] & { dispose(): void }>;
  }
  const decode: Decode;
  export default decode;
}
