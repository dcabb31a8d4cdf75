/**
 * The release as a company runs it (scripts/release.mjs, docs/deploy.md, decision 100): the archive
 * `npm run release` built, unpacked into an empty folder and started with nothing but the operating
 * system: no node_modules or project files around it, no node or npm on PATH, only the settings.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import ExcelJS from 'exceljs';
import QRCode from 'qrcode';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { bareNodeStartCpuMs, RELEASE_ARCHIVE, RELEASE_GOALS, readyCpuGoalMs } from '#bench/lib/release-archive.ts';
import { cpuMs } from '#bench/lib/server.ts';
import { appliedMigrations, markNewer, olderDatabase } from '#tests/helpers/migrations.ts';
import { TIMELINE } from '#tests/server/products/helpers.ts';
import {
  api,
  businessAccount,
  type RealServer,
  startRealServer,
  tempDir,
} from '#tests/server/security/real-server.ts';

const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  name: string;
  version: string;
  devDependencies: Record<string, string>;
};
/** The release's figures (bench/release.ts measures them at length; bench/RESULTS.md). */
const GOALS = RELEASE_GOALS;

let folder: string;
let executable: string;
/** The working directory and the whole PATH: an empty folder (no node, no npm, no shell tools). */
let empty: string;

beforeAll(() => {
  if (!existsSync(RELEASE_ARCHIVE))
    throw new Error(`${RELEASE_ARCHIVE} is missing: run "npm run release" first`);
  const unpacked = tempDir('txng-release-');
  execFileSync('tar', ['-xzf', RELEASE_ARCHIVE, '-C', unpacked]);
  folder = join(unpacked, pkg.name);
  executable = join(folder, pkg.name);
  empty = tempDir('txng-empty-');
});

const run = (args: string[], env: Record<string, string> = {}) =>
  spawnSync(executable, args, {
    cwd: empty,
    env: { PATH: empty, ...env },
    encoding: 'utf8',
    timeout: 20_000,
  });

const start = (env: Record<string, string> = {}, dataDir?: string) =>
  startRealServer({ PATH: empty, ...env }, dataDir, { command: [executable], cwd: empty });

const rssMb = (pid: number) =>
  Number(readFileSync(`/proc/${pid}/status`, 'utf8').match(/VmRSS:\s+(\d+)/)?.[1]) / 1024;

describe('[GUEST][release] the archive', () => {
  it(`is at most ${GOALS.archiveMb} MB and holds the executable and the native packages, nothing of the project`, () => {
    expect(statSync(RELEASE_ARCHIVE).size / 1e6).toBeLessThanOrEqual(GOALS.archiveMb);
    const top = readdirSync(folder);
    expect(top).toContain(pkg.name);
    for (const projectFile of [
      'server',
      'shared',
      'client',
      'scripts',
      'drizzle',
      'tests',
      'tsconfig.json',
    ]) {
      expect(top).not.toContain(projectFile);
    }
    // Only the native packages and what they run with: the rest is inside the executable.
    const packages = readdirSync(join(folder, 'node_modules'));
    expect(packages).toEqual(expect.arrayContaining(['better-sqlite3', 'sharp', '@img']));
    for (const name of [...Object.keys(pkg.devDependencies), 'hono', 'react', 'zod', 'drizzle-orm', 'vite']) {
      expect(packages, name).not.toContain(name);
    }
  });

  it('answers --version and --help without node or npm on PATH', () => {
    const version = run(['--version']);
    expect(version.status).toBe(0);
    expect(version.stdout.trim()).toBe(`${pkg.name} ${pkg.version}`);
    const help = run(['--help']);
    expect(help.status).toBe(0);
    expect(help.stdout).toContain('--version');
    // Every setting with its default, as in .env.example.
    expect(help.stdout).toContain('DATA_DIR=./data');
    expect(help.stdout).toContain('SQLITE_SYNCHRONOUS=NORMAL');
    const wrong = run(['--port']);
    expect(wrong.status).toBe(2);
    expect(wrong.stderr.trim()).toBe('Unknown argument --port: see --help');
  });

  it('refuses a bad setting with one line naming it', () => {
    const bad = run([], { DATA_DIR: tempDir('txng-release-data-'), PORT: 'tám nghìn' });
    expect(bad.status).toBe(1);
    expect(bad.stderr.trim().split('\n')).toEqual([expect.stringMatching(/^Invalid setting PORT: /)]);
  });
});

describe('[COMPANY_ADMIN][release] a company runs it', () => {
  it(`is ready within ${GOALS.readyMs} ms and idles under ${GOALS.idleRssMb} MB; sign-up, a product with a timeline, a public scan, pictures; stops on SIGTERM`, async () => {
    // Ready: spawn until it listens (it has migrated by then), the best of three starts on a fresh
    // DATA_DIR each, so that one start slowed by another test on the shared machine does not decide.
    // The goal is held on the CPU time the process spent until it listened: wall time on this shared
    // machine also counts whatever else runs (bench/release.ts reports both on a quiet machine). Wall
    // time is only bounded loosely, so a start that hangs still fails.
    const readyMs: number[] = [];
    const readyCpuMs: number[] = [];
    let server: RealServer | undefined;
    for (let i = 0; i < 3; i++) {
      await server?.stop();
      const began = performance.now();
      server = await start({ PUBLIC_URL: 'https://truyxuat.example.vn' });
      readyMs.push(performance.now() - began);
      readyCpuMs.push(cpuMs(server.child.pid));
    }
    const s = server!;
    // The goal scales with this machine's speed now: a bare Node start, measured right after (decision 228).
    const bareMs = bareNodeStartCpuMs();
    const goalMs = readyCpuGoalMs(bareMs);
    const figures = `ready ms: ${readyMs.map(Math.round).join(', ')}; CPU ms: ${readyCpuMs.join(', ')}; bare Node start ${bareMs.toFixed(0)} ms CPU, so the goal is ${goalMs} ms`;
    console.log(`[release] ${figures}`);
    expect(Math.min(...readyCpuMs), figures).toBeLessThan(goalMs);
    expect(Math.min(...readyMs), figures).toBeLessThan(GOALS.readyMs * 6);
    // The process is the release's executable itself, not a node found somewhere.
    expect(readlinkSync(`/proc/${s.child.pid}/exe`)).toBe(executable);
    expect((await fetch(`${s.url}/api/health`)).status).toBe(200);
    await new Promise((r) => setTimeout(r, 1000));
    const idle = rssMb(s.child.pid!);
    expect(idle, `idle RSS ${idle.toFixed(0)} MB`).toBeLessThan(GOALS.idleRssMb);

    // Sign-up: the verification code arrives in DATA_DIR/outbox (no SMTP_URL).
    const business = await businessAccount(s);
    expect(readdirSync(join(s.dataDir, 'outbox')).some((f) => f.endsWith('.eml'))).toBe(true);

    // A picture (sharp decodes it; its phone-sized copy is a WebP).
    const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#3a7d44' } })
      .jpeg()
      .toBuffer();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'ca-phe.jpg');
    const uploaded = await fetch(`${s.url}/api/uploads`, {
      method: 'POST',
      headers: { authorization: `Bearer ${business.token}` },
      body: form,
    });
    expect(uploaded.status).toBe(201);
    const imageUrl = ((await uploaded.json()) as { data: { url: string } }).data.url;
    const small = await fetch(`${s.url}${imageUrl}?w=640`);
    expect(small.headers.get('content-type')).toBe('image/webp');
    expect((await sharp(Buffer.from(await small.arrayBuffer())).metadata()).width).toBe(640);

    const made = await api(s.url, 'POST', '/products', {
      token: business.token,
      body: { name: 'Cà phê Cầu Đất', status: 'ACTIVE', image: imageUrl, trackings: TIMELINE },
    });
    expect(made.status).toBe(201);
    const code: string = made.body.data.qr_code;

    // The public scan: the answer, and the page a phone opens first, rendered on the server.
    const scanned = await api(s.url, 'GET', `/products/qr-codes/${code}`);
    expect(scanned.status).toBe(200);
    expect(scanned.body.data.name).toBe('Cà phê Cầu Đất');
    expect(scanned.body.data.trackings.map((t: { activity: string }) => t.activity)).toEqual(
      TIMELINE.map((t) => t.activity),
    );
    const page = await fetch(`${s.url}/redirect/${code}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Cà phê Cầu Đất');
    expect(html).toContain('Thu hoạch');
    // The client's files come from the executable.
    const script = html.match(/src="(\/assets\/[^"]+\.js)"/)?.[1];
    expect(script).toBeDefined();
    expect((await fetch(`${s.url}${script}`)).status).toBe(200);

    // A photo of the printed code, decoded on the server (zxing's WebAssembly beside the executable).
    const qr = new FormData();
    qr.append(
      'file',
      new Blob([new Uint8Array(await QRCode.toBuffer(`https://truyxuat.example.vn/redirect/${code}`))], {
        type: 'image/png',
      }),
      'ma.png',
    );
    const byImage = await fetch(`${s.url}/api/products/scan-qr`, { method: 'POST', body: qr });
    expect(byImage.status).toBe(200);
    expect(((await byImage.json()) as { data: { name: string } }).data.name).toBe('Cà phê Cầu Đất');

    // A spreadsheet import and an EPCIS document, read and checked on the parsing pool's thread
    // (dist/server/parse-worker.mjs beside the executable, decision 175).
    const book = new ExcelJS.Workbook();
    book.addWorksheet('Sản phẩm').addRows([
      ['Tên sản phẩm', 'Hoạt động', 'Ngày'],
      ['Trà Shan tuyết', 'Thu hoạch', new Date(Date.UTC(2026, 10, 5))],
    ]);
    const sheet = new FormData();
    sheet.append('file', new Blob([new Uint8Array(await book.xlsx.writeBuffer())]), 'san-pham.xlsx');
    const imported = await fetch(`${s.url}/api/products/import?dryRun=true`, {
      method: 'POST',
      headers: { authorization: `Bearer ${business.token}` },
      body: sheet,
    });
    expect(imported.status).toBe(200);
    const preview = (
      (await imported.json()) as { data: { products: { name: string; trackings: { date: string }[] }[] } }
    ).data.products;
    expect(preview.map((p) => [p.name, p.trackings[0]?.date])).toEqual([['Trà Shan tuyết', '2026-11-05']]);
    const lot = await api(s.url, 'POST', '/lots', {
      token: business.token,
      body: { productId: made.body.data.id, code: 'L1' },
    });
    expect(lot.status).toBe(201);
    const epcis = await api(s.url, 'POST', `/lots/${lot.body.data.id}/epcis`, {
      token: business.token,
      body: {
        '@context': 'https://ref.gs1.org/standards/epcis/epcis-context.jsonld',
        type: 'EPCISDocument',
        schemaVersion: '2.0',
        creationDate: '2026-11-26T08:00:00Z',
        epcisBody: {
          eventList: [
            {
              type: 'ObjectEvent',
              action: 'OBSERVE',
              eventTime: '2026-11-26T08:00:00Z',
              eventTimeZoneOffset: '+07:00',
              epcList: ['https://example.vn/lo/L1'],
            },
          ],
        },
      },
    });
    expect(epcis.status).toBe(200);
    expect(epcis.body.data).toMatchObject({ added: 1, alreadyPresent: 0 });

    // The installable app: its manifest and service worker come from the executable's assets (decision 122).
    const manifest = await fetch(`${s.url}/manifest.webmanifest`);
    expect(manifest.headers.get('content-type')).toMatch(/application\/manifest\+json/);
    expect(((await manifest.json()) as { start_url: string }).start_url).toBe('/scan-qr');
    const worker = await fetch(`${s.url}/sw.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('content-type')).toMatch(/javascript/);

    // The backup command of docs/deploy.md, while the server runs.
    const out = join(tempDir('txng-release-backup-'), 'ban-sao');
    const backedUp = run(['backup', '--out', out], { DATA_DIR: s.dataDir });
    expect(backedUp.status, backedUp.stderr).toBe(0);
    const done = JSON.parse(backedUp.stdout);
    expect(done).toMatchObject({ event: 'backup.done', dir: out });
    expect(done.uploads).toBeGreaterThan(0);
    expect(readdirSync(out)).toEqual(expect.arrayContaining(['app.db', 'manifest.json', 'uploads']));

    expect(await s.stop()).toBe(0);
    expect(s.lines.some((l) => l.includes('"event":"server.closed"'))).toBe(true);
    // The scans were written by the background writer's thread, a worker module shipped beside the
    // executable (dist/server/background-worker.mjs): had it not started, they would be lost.
    const db = new Database(join(s.dataDir, 'app.db'), { readonly: true });
    const scans = db.prepare('SELECT coalesce(sum(scans), 0) AS n FROM scan_events').get() as { n: number };
    db.close();
    expect(scans.n).toBeGreaterThanOrEqual(1);
  });
});

describe('[SUPER_ADMIN][release] upgrade', () => {
  it("migrates a previous version's database after backing it up, and refuses a newer one in one line", async () => {
    const dataDir = tempDir('txng-release-upgrade-');
    const database = join(dataDir, 'app.db');
    const older = olderDatabase(database);
    const latest = older + 1;

    const upgraded = await start({}, dataDir);
    expect(upgraded.lines.some((l) => l.includes('"event":"database.backup"'))).toBe(true);
    const business = await businessAccount(upgraded);
    expect((await api(upgraded.url, 'GET', '/auth/me', { token: business.token })).status).toBe(200);
    expect(await upgraded.stop()).toBe(0);
    expect(appliedMigrations(database)).toBe(latest);

    // The copy taken before migrating is the previous version's database, whole.
    const backups = readdirSync(join(dataDir, 'backups'));
    expect(backups).toEqual([expect.stringMatching(/-before-migration$/)]);
    const copy = join(dataDir, 'backups', backups[0]!, 'app.db');
    expect(appliedMigrations(copy)).toBe(older);
    const manifest = JSON.parse(readFileSync(join(dataDir, 'backups', backups[0]!, 'manifest.json'), 'utf8'));
    expect(manifest).toMatchObject({ database: 'app.db', uploads: null });

    // Started again on the same database: nothing to migrate, no second copy.
    const again = await start({}, dataDir);
    expect(await again.stop()).toBe(0);
    expect(readdirSync(join(dataDir, 'backups'))).toHaveLength(1);

    // A database a newer version migrated: one line, exit 1, the file untouched.
    markNewer(database);
    const before = readFileSync(database);
    const refused = run([], { DATA_DIR: dataDir, PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    expect(refused.status).toBe(1);
    const lines = refused.stderr.trim().split('\n');
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/^The database .*app\.db was migrated by a newer version/);
    expect(readFileSync(database).equals(before)).toBe(true);
  });
});
