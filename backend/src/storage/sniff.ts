import { fileTypeFromBuffer } from 'file-type';

/** How many leading bytes of an upload are kept to recognise its type (enough for Office's ZIP entries). */
export const SNIFF_BYTES = 64 * 1024;

const OLE = ['application/x-cfb'];
/**
 * Declared types whose content has a signature, with the types file-type reports for a matching file.
 * Legacy Office files are OLE compound files: file-type names only the container.
 */
const SIGNATURES: Record<string, string[]> = {
  'application/pdf': ['application/pdf'],
  'image/jpeg': ['image/jpeg'],
  'image/png': ['image/png', 'image/apng'],
  'image/webp': ['image/webp'],
  'image/avif': ['image/avif'],
  'image/gif': ['image/gif'],
  'image/tiff': ['image/tiff'],
  // HEIC/HEIF stills by their ftyp brand: heic and heix (image/heic), mif1 (image/heif).
  'image/heic': ['image/heic', 'image/heif'],
  'image/heif': ['image/heic', 'image/heif'],
  'application/msword': OLE,
  'application/vnd.ms-excel': OLE,
  'application/vnd.ms-powerpoint': OLE,
  'application/vnd.openxmlformats-officedocument.wordprocessingml.document': ['application/vnd.openxmlformats-officedocument.wordprocessingml.document'],
  'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
  'application/vnd.openxmlformats-officedocument.presentationml.presentation': ['application/vnd.openxmlformats-officedocument.presentationml.presentation'],
  'application/vnd.oasis.opendocument.text': ['application/vnd.oasis.opendocument.text'],
  'application/vnd.oasis.opendocument.spreadsheet': ['application/vnd.oasis.opendocument.spreadsheet'],
  'application/vnd.oasis.opendocument.presentation': ['application/vnd.oasis.opendocument.presentation'],
};

/**
 * Compares an upload's first bytes with its declared type. Returns null when they agree (or when the
 * declared type has no signature to check, such as text), else what the bytes look like
 * ("unknown" when nothing is recognised). A file renamed to .pdf is caught here, whatever its name.
 */
export async function contentMismatch(declared: string, head: Uint8Array): Promise<string | null> {
  const type = declared.split(';')[0]?.trim().toLowerCase() ?? '';
  const expected = SIGNATURES[type];
  if (!expected) return null;
  const detected = await fileTypeFromBuffer(head).catch(() => undefined);
  if (detected && expected.includes(detected.mime)) return null;
  return detected?.mime ?? 'unknown';
}
