import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { type IncomingMessage, get } from 'node:http';
import { setTimeout as delay } from 'node:timers/promises';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterEach, describe, expect, it } from 'vitest';
import {
  type Cell,
  type SpreadsheetDownload,
  type SpreadsheetFormat,
  neutraliseFormula,
  sendSpreadsheet,
} from '../src/platform/files/spreadsheet.ts';

describe('neutraliseFormula', () => {
  it('quotes text a spreadsheet would read as a formula, and nothing else', () => {
    for (const value of ['=1+1', '+1', '-2', '@SUM(A1)', '\tx', '\rx', '\uFF1D1', '\uFF0B1', '\uFF0D1', '\uFF201']) {
      expect(neutraliseFormula(value)).toBe(`'${value}`);
    }
    for (const value of ['Anna', '1', '', 'a=b', ' =1', "'=1", 'x\n=1']) expect(neutraliseFormula(value)).toBe(value);
  });
});

/** What the row source saw: how many batches were pulled, and whether it was told to stop. */
interface Source {
  batches: number;
  returned: boolean;
  gate: Promise<void>;
  failAt?: number;
  /** Ends after this many batches; endless without it. */
  lastBatch?: number;
}

/** Incompressible text, so that neither format fits thousands of rows into the socket buffers. */
const TEXTS = Array.from({ length: 1000 }, () => randomBytes(100).toString('hex'));

async function* rowsOf(source: Source): AsyncGenerator<Cell[][]> {
  try {
    await source.gate;
    while (source.batches !== source.lastBatch) {
      source.batches++;
      if (source.batches === source.failAt) throw new Error('database went away');
      yield Array.from({ length: 1000 }, (_, i) => [source.batches * 1000 + i, TEXTS[i]]);
    }
  } finally {
    source.returned = true;
  }
}

let app: FastifyInstance | undefined;
afterEach(async () => app?.close());

/** A server with one download of endless rows, and a promise of how it ended. */
async function serve(format: SpreadsheetFormat, source: Source, afterEnd?: () => Promise<void>) {
  let ended: (result: { rows: number; completed: boolean }) => void = () => undefined;
  const end = new Promise<{ rows: number; completed: boolean }>((resolve) => {
    ended = resolve;
  });
  app = Fastify({ logger: false });
  app.get('/sheet', async (_req, reply) => {
    const download: SpreadsheetDownload = {
      format,
      filename: 'endless',
      sheetName: 'Rows',
      header: ['ID', 'Text'],
      rows: rowsOf(source),
      onEnd: async (result) => {
        ended(result);
        await afterEnd?.();
      },
    };
    return sendSpreadsheet(reply, download);
  });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const response = await new Promise<IncomingMessage>((resolve, reject) =>
    get(`${url}/sheet`, resolve).once('error', reject),
  );
  return { response, end };
}

/** How the response ended: complete, or cut by the server. */
function outcome(response: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    response.once('aborted', () => resolve('aborted'));
    response.once('error', () => resolve('error'));
    response.once('end', () => resolve(response.complete ? 'complete' : 'incomplete'));
    response.resume();
  });
}

/** True once `value()` stops changing (over 3 looks 50 ms apart), false if it still changes after 10 s. */
async function settles(value: () => number): Promise<boolean> {
  let last = value();
  let unchanged = 0;
  for (let look = 0; look < 200 && unchanged < 3; look++) {
    await delay(50);
    unchanged = value() === last ? unchanged + 1 : 0;
    last = value();
  }
  return unchanged >= 3;
}

const open = (): Source => ({ batches: 0, returned: false, gate: Promise.resolve() });

describe.each(['csv', 'xlsx'] as const)('sendSpreadsheet (%s)', (format) => {
  it('sends the headers and first bytes before any row is read', async () => {
    let release = () => {};
    const source: Source = { ...open(), gate: new Promise((resolve) => (release = resolve)), failAt: 3 };
    const { response, end } = await serve(format, source);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="endless.${format}"`);
    const [first] = (await once(response, 'data')) as [Buffer];
    if (format === 'csv') expect(first.toString('utf8')).toBe('\uFEFFID,Text\r\n');
    else expect(first.subarray(0, 2).toString()).toBe('PK');
    expect(source.batches).toBe(0);
    release();
    response.resume();
    expect(await end).toEqual({ rows: 2000, completed: false });
  });

  it('reads no further than the client takes, and stops reading when the client goes away', async () => {
    const source = open();
    const { response, end } = await serve(format, source);
    await once(response, 'data');
    response.pause();
    // Endless rows: without backpressure the source would be read on and on.
    expect(await settles(() => source.batches)).toBe(true);
    response.destroy();
    const result = await end;
    expect(result.completed).toBe(false);
    expect(result.rows).toBeLessThan(100_000);
    expect(source.returned).toBe(true);
  });

  it('cuts the response when reading fails, so that it never looks complete', async () => {
    const source = { ...open(), failAt: 3 };
    const { response, end } = await serve(format, source);
    expect(await outcome(response)).not.toBe('complete');
    expect(await end).toEqual({ rows: 2000, completed: false });
  });

  it('completes a finite download after its end is recorded, and cuts it when recording fails', async () => {
    const finished = await serve(format, { ...open(), lastBatch: 3 });
    expect(await outcome(finished.response)).toBe('complete');
    expect(await finished.end).toEqual({ rows: 3000, completed: true });
    await app?.close();
    const unrecorded = await serve(format, { ...open(), lastBatch: 3 }, async () => {
      throw new Error('audit log unavailable');
    });
    expect(await outcome(unrecorded.response)).not.toBe('complete');
  });
});
