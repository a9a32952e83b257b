import { Transform } from 'node:stream';

const QUOTE = 0x22;
const LF = 0x0a;
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0];

export type ProbedKind = 'csv' | 'xlsx' | 'xls' | 'binary';

/** What an upload's bytes say, learnt while they stream to storage (no second read of the file). */
export interface FileProbe {
  kind(): ProbedKind;
  /** True while every byte so far is valid UTF-8. */
  isUtf8(): boolean;
  /** Line feeds outside quotes plus an unterminated last line: the CSV's records, header included (an estimate: blank lines count). */
  records(): number;
  /** The bytes read, for the stream pipeline. */
  stream: Transform;
}

const startsWith = (head: Buffer, magic: number[]) => magic.every((byte, i) => head[i] === byte);

/** Watches an upload go by: its type from the first bytes, UTF-8 validity and a quote-aware count of CSV records. */
export function probeFile(): FileProbe {
  let head = Buffer.alloc(0);
  let kind: ProbedKind | null = null;
  let utf8 = true;
  const decoder = new TextDecoder('utf-8', { fatal: true });
  let quoted = false;
  let records = 0;
  let lastByte = LF;
  let sawNul = false;

  const inspect = (chunk: Buffer) => {
    if (utf8) {
      try {
        decoder.decode(chunk, { stream: true });
      } catch {
        utf8 = false;
      }
    }
    for (let i = 0; i < chunk.length; i++) {
      const byte = chunk[i]!;
      if (byte === QUOTE) quoted = !quoted;
      else if (byte === LF && !quoted) records++;
      else if (byte === 0) sawNul = true;
    }
    if (chunk.length > 0) lastByte = chunk[chunk.length - 1]!;
  };

  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (head.length < 8) head = Buffer.concat([head, chunk.subarray(0, 8 - head.length)]);
      if (kind === null && head.length >= 4) {
        if (startsWith(head, ZIP_MAGIC)) kind = 'xlsx';
        else if (startsWith(head, OLE_MAGIC)) kind = 'xls';
      }
      if (kind !== 'xlsx' && kind !== 'xls') inspect(chunk);
      callback(null, chunk);
    },
    flush(callback) {
      if (utf8) {
        try {
          decoder.decode();
        } catch {
          utf8 = false;
        }
      }
      callback();
    },
  });

  return {
    stream,
    kind: () => kind ?? (sawNul ? 'binary' : 'csv'),
    isUtf8: () => utf8,
    records: () => records + (lastByte === LF ? 0 : 1),
  };
}
