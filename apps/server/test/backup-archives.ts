import { gzipSync } from 'node:zlib';
import { APP_VERSION } from '@themis/shared';

// Archives written by hand, block by block, apart from the server's own tar writer: what a
// damaged or hostile backup could hold.

export interface RawEntry {
  name: string;
  /** ustar type flag: '0' file, '2' symbolic link, '5' folder. */
  type?: '0' | '2' | '5';
  data?: string;
  linkTarget?: string;
}

function header(entry: RawEntry, size: number): Buffer {
  const block = Buffer.alloc(512);
  block.write(entry.name, 0, 100);
  block.write('0000600\0', 100);
  block.write('0000000\0', 108);
  block.write('0000000\0', 116);
  block.write(`${size.toString(8).padStart(11, '0')}\0`, 124);
  block.write('00000000000\0', 136);
  block.write(entry.type ?? '0', 156);
  if (entry.linkTarget) block.write(entry.linkTarget, 157, 100);
  block.write('ustar\u000000', 257);
  block.fill(' ', 148, 156);
  const sum = block.reduce((total, byte) => total + byte, 0);
  block.write(`${sum.toString(8).padStart(6, '0')}\0 `, 148);
  return block;
}

/** A gzipped tar of exactly these entries, in this order. */
export function rawArchive(entries: RawEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const data = Buffer.from(entry.data ?? '');
    parts.push(header(entry, data.length), data, Buffer.alloc((512 - (data.length % 512)) % 512));
  }
  parts.push(Buffer.alloc(1024));
  return gzipSync(Buffer.concat(parts));
}

/** A manifest as a backup starts with, any field replaced. */
export function manifestEntry(changes: Record<string, unknown> = {}): RawEntry {
  const manifest = {
    format: 'themis-backup',
    format_version: 1,
    app_version: APP_VERSION,
    created_at: new Date().toISOString(),
    contents: ['pglite'],
    ...changes,
  };
  return { name: 'manifest.json', data: JSON.stringify(manifest) };
}

/** The start of a sound backup: its manifest and a database folder. */
export const SOUND_START: RawEntry[] = [
  manifestEntry(),
  { name: 'pglite/', type: '5' },
  { name: 'pglite/PG_VERSION', data: '17\n' },
];
