import { readFileSync } from 'node:fs';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { it } from 'vitest';
// @ts-expect-error
import { buildServer, SERVER_BUNDLE } from '#scripts/build-server.mjs';
import { api, businessAccount, memoryOf, postFile, startRealServer } from '#tests/server/security/real-server.ts';

function smaps(pid: number) {
  const text = readFileSync(`/proc/${pid}/smaps`, 'utf8');
  const out: Record<string, number> = {};
  let name = '';
  for (const line of text.split('\n')) {
    const h = line.match(/^[0-9a-f]+-[0-9a-f]+ \S+ \S+ \S+ \S+\s*(.*)$/);
    if (h) { name = h[1] || '[anon]'; continue; }
    const r = line.match(/^Rss:\s+(\d+)/);
    if (r) out[name] = (out[name] ?? 0) + Number(r[1]) / 1024;
  }
  return Object.entries(out).filter(([, v]) => v > 5).map(([k, v]) => `${k}: ${v.toFixed(0)}`).join('; ');
}
const threads = (pid: number) => readFileSync(`/proc/${pid}/status`, 'utf8').match(/Threads:\s+(\d+)/)?.[1];

it('diag', async () => {
  await buildServer();
  const server = await startRealServer({ TRUST_PROXY: '1', MALLOC_MMAP_THRESHOLD_: '131072' }, undefined, { command: [process.execPath, '--cpu-prof', '--cpu-prof-dir=/tmp/prof', SERVER_BUNDLE] });
  const pid = server.child.pid as number;
  const { token } = await businessAccount(server);
  const made = await api(server.url, 'POST', '/products', { token, body: { name: 'X', status: 'ACTIVE' } });
  const code = made.body.data.qr_code;
  const small = new Uint8Array(await QRCode.toBuffer(code, { width: 400 }));
  await postFile(server.url, '/products/scan-qr', small, 'nho.png', { 'x-forwarded-for': '198.51.100.1' });
  await new Promise((r) => setTimeout(r, 1000));
  console.log('base', memoryOf(server).rss.toFixed(0), 'threads', threads(pid), smaps(pid));
  const qr = await QRCode.toBuffer(code, { width: 900 });
  const photo = new Uint8Array(await sharp({ create: { width: 4032, height: 3024, channels: 3, background: '#8a8276', noise: { type: 'gaussian', mean: 120, sigma: 40 } } }).composite([{ input: qr, left: 1500, top: 1000 }]).jpeg({ quality: 95 }).toBuffer());
  console.log('photo bytes', photo.length);
  const t0 = performance.now();
  const hs: number[] = []; let going = true; const poll = (async () => { while (going) { const t = performance.now(); await fetch(`${server.url}/api/health`); hs.push(performance.now() - t); await new Promise((r) => setTimeout(r, 20)); } })();
  const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => postFile(server.url, '/products/scan-qr', photo, 'anh.jpg', { 'x-forwarded-for': `198.51.100.${60 + i}` })));
  going = false; await poll; console.log('health max', Math.max(...hs).toFixed(0), 'n', hs.length);
  console.log('answers', answers.map((a) => a.status).join(','), (performance.now() - t0).toFixed(0), 'ms');
  for (const wait of [0]) {
    await new Promise((r) => setTimeout(r, wait));
    console.log(`after +${wait}`, memoryOf(server).rss.toFixed(0), 'threads', threads(pid), smaps(pid));
  }
  await server.stop();
}, 120_000);
