/**
 * `npm run bench`: every benchmark, one after the other (they share two cores, so never at
 * once), then a summary of the figures against the goals. Figures only: nothing here fails a build.
 *
 *   npm run bench                    all of them
 *   npm run bench -- list lcp        only those named (load, list, import, bundle, lcp, phone, startup, release)
 */
import { spawnSync } from 'node:child_process';
import { runBundle } from './bundle.ts';
import { runImport } from './import.ts';
import { runLcp } from './lcp.ts';
import { runList } from './list.ts';
import { runPhonePages } from './phone-pages.ts';
import { RELEASE_GOALS, runRelease } from './release.ts';
import { machine } from './lib/machine.ts';
import { runStartup } from './startup.ts';

const ALL = ['load', 'list', 'import', 'bundle', 'lcp', 'phone', 'startup', 'release'] as const;
const asked = process.argv.slice(2).filter((a) => (ALL as readonly string[]).includes(a));
const chosen = asked.length ? asked : [...ALL];
const summary: string[] = [];
const ok = (met: boolean) => (met ? 'met' : 'MISSED');

console.log(`bench on ${machine()}\n`);
for (const name of chosen) {
  console.log(`\n=== ${name} ===`);
  try {
    if (name === 'load') {
      // load.ts runs at import time and reads its own flags: a child process keeps it as written.
      const r = spawnSync('node', ['--import', 'tsx', 'bench/load.ts'], { stdio: 'inherit' });
      summary.push(`load (scan path): see the table above (exit ${r.status})`);
    } else if (name === 'list') {
      for (const r of await runList())
        summary.push(`${r.name}: p95 ${r.p95.toFixed(1)} ms (goal < 15 ms: ${ok(r.p95 < 15)})`);
    } else if (name === 'import') {
      const r = await runImport();
      summary.push(
        `import of ${r.imported} products / ${r.steps} steps: ${r.importSeconds.toFixed(2)} s (goal < 10 s: ${ok(r.importSeconds < 10)})`,
      );
    } else if (name === 'bundle') {
      for (const r of (await runBundle()).slice(0, 2)) {
        summary.push(
          `${r.page}: ${r.beforeLcpKb.toFixed(1)} kB gzipped JS before the content (goal <= 100 kB: ${ok(r.beforeLcpKb <= 100)}); scanner files: ${r.scannerFiles.length || 'none'}`,
        );
      }
    } else if (name === 'lcp') {
      for (const r of await runLcp())
        summary.push(
          `LCP, ${r.name}: ${r.medianMs.toFixed(0)} ms (goal < 2500 ms: ${ok(r.medianMs < 2500)})`,
        );
    } else if (name === 'phone') {
      for (const r of await runPhonePages()) {
        const tti = r.page.startsWith('/products/details')
          ? `; TTI ${r.ttiMs.toFixed(0)} ms (goal < 3500 ms: ${ok(r.ttiMs < 3500)})`
          : '';
        summary.push(
          `${r.page}: ${r.jsKb.toFixed(1)} kB gzipped JS (goal <= 70 kB: ${ok(r.jsKb <= 70)})${tti}`,
        );
      }
    } else if (name === 'release') {
      const r = await runRelease();
      const g = RELEASE_GOALS;
      summary.push(
        `release: archive ${r.archiveMb.toFixed(1)} MB (goal <= ${g.archiveMb}: ${ok(r.archiveMb <= g.archiveMb)}); ready ${r.readyMs.toFixed(0)} ms (goal < ${g.readyMs}: ${ok(r.readyMs < g.readyMs)}); idle RSS ${r.idleRssMb} MB (goal < ${g.idleRssMb}: ${ok(r.idleRssMb < g.idleRssMb)}); resolve ${(100 * r.resolveRatio).toFixed(0)}% of npm start (goal >= ${100 * g.resolveRatio}%: ${ok(r.resolveRatio >= g.resolveRatio)})`,
      );
    } else if (name === 'startup') {
      for (const r of await runStartup()) {
        summary.push(
          `start-up, ${r.name}: ${r.medianMs.toFixed(0)} ms, RSS ${r.rssMb} MB (goal < 1000 ms: ${ok(r.medianMs < 1000)})`,
        );
      }
    }
  } catch (err) {
    summary.push(`${name}: FAILED (${(err as Error).message})`);
    console.error(err);
  }
}
console.log(`\n=== summary (${machine()}) ===`);
for (const line of summary) console.log(`- ${line}`);
