// A 100 MB course video uploaded to File Management (POST /api/v3/companies/assets, type course_media) over
// real HTTP against the built server on a temporary SQLite database, streamed from disk by this process and
// by the server into storage (nothing held whole in memory). Prints MB/s, the server's RSS before and at its
// peak (VmRSS sampled every 20 ms) and its CPU seconds; then a download of the whole file and byte-range
// requests (a video seeking). Budget: peak RSS ≤ 300 MB; ranges answered 206.
//
//   npm run bench -- asset-upload [--mb 100] [--runs 1]
import { createReadStream, createWriteStream, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { once } from 'node:events';
import { parseArgs, signIn, startHeed } from './lib/server.mjs';

const args = parseArgs(process.argv.slice(2), { mb: '100', runs: '1' });
const MiB = 1024 * 1024;
const temp = mkdtempSync(join(tmpdir(), 'heed-bench-assets-'));

const rssMiB = (pid) => Number(/^VmRSS:\s+(\d+) kB/m.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]) / 1024;
const cpuSeconds = (pid) => {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) / 100;
};

/** An MP4-looking file (an `ftyp` box, then random bytes) of `bytes`. */
async function writeVideo(path, bytes) {
  const out = createWriteStream(path);
  out.write(Buffer.concat([Buffer.from([0, 0, 0, 0x18]), Buffer.from('ftypmp42'), Buffer.alloc(12)]));
  for (let written = 24; written < bytes; written += MiB) {
    if (!out.write(randomBytes(Math.min(MiB, bytes - written)))) await once(out, 'drain');
  }
  out.end();
  await once(out, 'finish');
}

/** Streams the file at `path` as a multipart upload: `type` first, then `file`. */
function upload(url, headers, path, type) {
  const size = statSync(path).size;
  const boundary = '----heedbench';
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="type"\r\n\r\n${type}\r\n--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bench-video.mp4"\r\nContent-Type: video/mp4\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return new Promise((resolve, reject) => {
    const req = request(
      `${url}/api/v3/companies/assets`,
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

/** GETs `path`, counting the bytes as they stream in; answers status, bytes and seconds. */
async function download(url, headers, path, range) {
  const started = performance.now();
  const response = await fetch(`${url}${path}`, { headers: { ...headers, ...(range ? { range } : {}) } });
  let bytes = 0;
  for await (const chunk of response.body) bytes += chunk.length;
  return {
    status: response.status,
    bytes,
    seconds: (performance.now() - started) / 1000,
    range: response.headers.get('content-range'),
  };
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
  const path = join(temp, 'video.mp4');
  await writeVideo(path, Number(args.mb) * MiB);
  const size = statSync(path).size;
  for (let run = 1; run <= Number(args.runs); run++) {
    const before = rssMiB(pid);
    let peak = before;
    const sampler = setInterval(() => (peak = Math.max(peak, rssMiB(pid))), 20);
    const cpuBefore = cpuSeconds(pid);
    const started = performance.now();
    const { status, body } = await upload(heed.url, headers, path, 'course_media');
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, rssMiB(pid));
    const cpu = cpuSeconds(pid) - cpuBefore;
    if (status !== 201) throw new Error(`upload answered ${status}: ${body.slice(0, 300)}`);
    const asset = JSON.parse(body).data;
    console.log(
      `upload ${(size / MiB).toFixed(0)} MiB video: 201 ${asset.mime}, ${seconds.toFixed(2)} s, ${(size / MiB / seconds).toFixed(0)} MB/s`,
    );
    console.log(
      `       server RSS ${before.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB (budget 300); CPU ${cpu.toFixed(2)} s`,
    );

    const whole = await download(heed.url, headers, asset.url);
    console.log(
      `download whole: ${whole.status}, ${(whole.bytes / MiB).toFixed(0)} MiB in ${whole.seconds.toFixed(2)} s (${(whole.bytes / MiB / whole.seconds).toFixed(0)} MB/s)`,
    );
    for (const range of [
      'bytes=0-1048575',
      `bytes=${size - MiB}-`,
      'bytes=-65536',
      `bytes=${Math.floor(size / 2)}-${Math.floor(size / 2) + 999}`,
    ]) {
      const part = await download(heed.url, headers, asset.url, range);
      console.log(
        `range ${range.padEnd(28)} ${part.status} ${part.range} ${part.bytes} bytes in ${(part.seconds * 1000).toFixed(1)} ms`,
      );
    }
  }
} finally {
  await heed.stop();
  rmSync(temp, { recursive: true, force: true });
}
