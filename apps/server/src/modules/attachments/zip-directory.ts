/** One file of a zip archive, as its central directory and local header declare it. */
export interface ZipEntry {
  name: string;
  /** 0 stored, 8 deflated. */
  method: number;
  /** Where its compressed data starts, past the local header. */
  dataOffset: number;
  compressedSize: number;
  /** The uncompressed size it claims; the reader checks the data keeps to it. */
  size: number;
}

/** How much a .docx may declare; beyond any of them it is refused without inflating it. */
export interface ZipLimits {
  entries: number;
  /** All entries together, uncompressed. */
  totalBytes: number;
  /** The .xml and .rels parts together: what the Word parser builds a tree of. */
  xmlBytes: number;
  /** Uncompressed to compressed, for entries larger than ratioFromBytes. */
  ratio: number;
  ratioFromBytes: number;
}

export type ZipDirectory =
  { entries: ZipEntry[] } | { refused: 'unreadable' } | { refused: 'too_large'; limit: string };

const EOCD_SIGNATURE = 0x06054b50;
const CENTRAL_SIGNATURE = 0x02014b50;
const LOCAL_SIGNATURE = 0x04034b50;
const EOCD_SIZE = 22;
const CENTRAL_SIZE = 46;
const LOCAL_SIZE = 30;
const ZIP64_EXTRA = 0x0001;
const SATURATED_16 = 0xffff;
const SATURATED_32 = 0xffffffff;

const unreadable = { refused: 'unreadable' } as const;
const tooLarge = (limit: string) => ({ refused: 'too_large', limit }) as const;

/** The end-of-central-directory record's offset: the last one whose comment ends the file. */
function findEnd(bytes: Buffer): number {
  const last = bytes.length - EOCD_SIZE;
  for (let at = last; at >= 0 && at >= last - SATURATED_16; at--) {
    if (bytes.readUInt32LE(at) !== EOCD_SIGNATURE) continue;
    if (at + EOCD_SIZE + bytes.readUInt16LE(at + 20) <= bytes.length) return at;
  }
  return -1;
}

/**
 * Sizes and offset of a central record; a saturated field is read from the zip64 extra
 * field, where the saturated ones follow in this order. Null when one is missing.
 */
function recordNumbers(bytes: Buffer, at: number, extraAt: number, extraEnd: number) {
  const fields = [
    bytes.readUInt32LE(at + 24),
    bytes.readUInt32LE(at + 20),
    bytes.readUInt32LE(at + 42),
  ];
  if (!fields.includes(SATURATED_32)) return fields;
  for (let pos = extraAt; pos + 4 <= extraEnd;) {
    const id = bytes.readUInt16LE(pos);
    const length = bytes.readUInt16LE(pos + 2);
    let value = pos + 4;
    if (id === ZIP64_EXTRA) {
      return fields.map((field) => {
        if (field !== SATURATED_32) return field;
        if (value + 8 > pos + 4 + length) return Number.NaN;
        const wide = Number(bytes.readBigUInt64LE(value));
        value += 8;
        return wide;
      });
    }
    pos += 4 + length;
  }
  return null;
}

/**
 * The entries of the zip in `bytes` and whether what they declare stays within `limits`.
 * Only headers are read, so a bomb is refused before anything is inflated; whether the
 * data keeps to the declared sizes is checked where it is inflated.
 */
export function readZipDirectory(options: { bytes: Buffer; limits: ZipLimits }): ZipDirectory {
  const { bytes, limits } = options;
  const end = findEnd(bytes);
  if (end < 0) return unreadable;
  if (bytes.readUInt16LE(end + 4) !== 0 || bytes.readUInt16LE(end + 6) !== 0) return unreadable;
  const count = bytes.readUInt16LE(end + 10);
  // Saturated: a zip64 archive of 65,535 entries or more.
  if (count > limits.entries || count === SATURATED_16) return tooLarge('entries');
  const entries: ZipEntry[] = [];
  let total = 0;
  let xml = 0;
  let at = bytes.readUInt32LE(end + 16);
  for (let index = 0; index < count; index++) {
    if (at + CENTRAL_SIZE > bytes.length || bytes.readUInt32LE(at) !== CENTRAL_SIGNATURE) {
      return unreadable;
    }
    const nameLength = bytes.readUInt16LE(at + 28);
    const extraAt = at + CENTRAL_SIZE + nameLength;
    const extraEnd = extraAt + bytes.readUInt16LE(at + 30);
    if (extraEnd > bytes.length) return unreadable;
    const numbers = recordNumbers(bytes, at, extraAt, extraEnd);
    if (!numbers || numbers.some((value) => !Number.isSafeInteger(value))) return unreadable;
    const [size, compressedSize, localAt] = numbers as [number, number, number];
    const name = bytes.toString('utf8', at + CENTRAL_SIZE, extraAt);

    total += size;
    if (/\.(xml|rels)$/i.test(name)) xml += size;
    if (total > limits.totalBytes) return tooLarge('inflated size');
    if (xml > limits.xmlBytes) return tooLarge('xml size');
    if (size > limits.ratioFromBytes && size > limits.ratio * Math.max(compressedSize, 1)) {
      return tooLarge('compression ratio');
    }

    if (localAt + LOCAL_SIZE > bytes.length || bytes.readUInt32LE(localAt) !== LOCAL_SIGNATURE) {
      return unreadable;
    }
    const dataOffset =
      localAt + LOCAL_SIZE + bytes.readUInt16LE(localAt + 26) + bytes.readUInt16LE(localAt + 28);
    if (dataOffset + compressedSize > bytes.length) return unreadable;
    entries.push({ name, method: bytes.readUInt16LE(at + 10), dataOffset, compressedSize, size });
    at = extraEnd + bytes.readUInt16LE(at + 32);
  }
  return { entries };
}
