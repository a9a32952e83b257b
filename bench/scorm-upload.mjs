// SCORM package upload and extraction against the built server (decision 061): a package written to disk
// here (random files, stored: they do not compress), streamed to POST /api/v3/course-media over real HTTP
// by the site admin, validated and unpacked by the server before it answers. Two shapes: a few large
// files (124 × 4 MiB ≈ 496 MiB, the 500 MB budget's package) and many small ones (10,000 × 16 KiB).
// Prints per shape: MB/s of the whole upload (receive, check, unpack, commit), the server's RSS before
// and at its peak (VmRSS sampled every 20 ms) and its CPU seconds. Budget: ≥ 50 MB/s, peak RSS ≤ 300 MB.
//
//   npm run bench -- scorm-upload [--only large,many] [--runs 1]
import { createReadStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { writeLargePackage } from '../apps/api/test/support/course-media-files.ts';
import { parseArgs, signIn, startHeed } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { only: 'large,many', runs: '1' });
const MiB = 1024 * 1024;
const SHAPES = {
  large: { what: '124 files of 4 MiB', pieces: 124, pieceBytes: 4 * MiB },
  many: { what: '10,000 files of 16 KiB', pieces: 10_000, pieceBytes: 16 * 1024 },
};
const temp = mkdtempSync(join(tmpdir(), 'heed-bench-scorm-'));

const rssMiB = (pid) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** Streams the zip at `path` as the `file` of a multipart upload with kind=scorm; answers status and body. */
function upload(url, headers, path) {
  const size = statSync(path).size;
  const boundary = '----heedbench';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\nscorm\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench.zip"\r\nContent-Type: application/zip\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/v3/course-media`,
      {
        method: 'POST',
        headers: {
          ...headers,
          origin: url,
          'content-type': `multipart/form-data; boundary=${boundary}`,
          'content-length': head.length + size + tail.length,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode, body }));
      },
    );
    req.on('error', reject);
    req.write(head);
    const file = createReadStream(path);
    file.on('error', reject);
    file.on('end', () => req.end(tail));
    file.pipe(req, { end: false });
  });
}

console.log(
  `Machine load average: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')} on ${cpus().length} CPUs; SQLite.`,
);
const heed = await startHeed({ DATA_DIR: temp, DATABASE_URL: join(temp, 'heed.sqlite') });
try {
  const headers = await signIn(heed.url, 'admin@heed.test', 'heed-admin-demo');
  const pid = heed.child.pid;
  for (const key of String(args.only).split(',')) {
    const shape = SHAPES[key];
    if (!shape) throw new Error(`No shape ${key}: use ${Object.keys(SHAPES).join(', ')}`);
    const path = join(temp, `${key}.zip`);
    await writeLargePackage(path, shape.pieces, shape.pieceBytes);
    const size = statSync(path).size;
    for (let run = 1; run <= Number(args.runs); run++) {
      const before = rssMiB(pid);
      let peak = before;
      const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
      const cpuBefore = cpuSeconds(pid);
      const started = performance.now();
      const { status, body } = await upload(heed.url, headers, path);
      const seconds = (performance.now() - started) / 1000;
      clearInterval(sampler);
      peak = Math.max(peak, rssMiB(pid));
      const cpu = cpuSeconds(pid) - cpuBefore;
      const outcome =
        status === 201 ? `201, ${JSON.parse(body).data.file_count} files` : `${status} ${body.slice(0, 200)}`;
      console.log(`${key.padEnd(5)} ${shape.what}: ${(size / MiB).toFixed(0)} MiB package, ${outcome}`);
      console.log(
        `      ${seconds.toFixed(2)} s, ${(size / MiB / seconds).toFixed(0)} MB/s (upload, check, unpack, commit); ` +
          `server RSS ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB; CPU ${cpu.toFixed(2)} s`,
      );
    }
    rmSync(path, { force: true });
  }
} finally {
  await heed.stop();
  rmSync(temp, { recursive: true, force: true });
}
