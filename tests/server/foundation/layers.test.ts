import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectPath } from '#server/paths.ts';

/**
 * The layer rules (.dependency-cruiser.cjs, docs/architecture.md "Layers") run in `npm test`
 * (scripts/test.sh: `npm run depcruise`). These prove they can fail: on a fixture tree that breaks each
 * rule once (tests/fixtures/layers/, the breaking files say which), exactly those breaks are reported,
 * and the edges the rules allow are not; and the project's own tree is clean.
 */
const bin = projectPath('node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Violation {
  from: string;
  to: string;
  rule: { name: string; severity: string };
}

const run = (cwd: string, args: string[]) =>
  spawnSync(process.execPath, [bin, ...args, '--config', projectPath('.dependency-cruiser.cjs')], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });

/**
 * The report as JSON (what was found), and the exit status of the check as `npm run depcruise` runs it
 * (its default text output: the JSON output always exits 0).
 */
const report = (cwd: string, args: string[]) =>
  (
    JSON.parse(run(cwd, [...args, '--output-type', 'json']).stdout) as {
      summary: { violations: Violation[]; error: number; totalCruised: number };
    }
  ).summary;

describe('[foundation] layer rules', () => {
  it('report each break of the fixture tree, and only those', () => {
    const fixture = projectPath('tests', 'fixtures', 'layers');
    const summary = report(fixture, ['server', 'shared', 'client']);
    expect(summary.violations.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`).sort()).toEqual([
      'adapters-do-not-cross: server/http/routes.ts -> server/rest/products.ts',
      'adapters-do-not-cross: server/rest/uploads.ts -> server/http/routes.ts',
      'client-takes-only-types-from-server: client/src/screen.ts -> server/services/save.ts',
      'database-is-the-bottom: server/db/seed.ts -> server/services/save.ts',
      'edge-is-below-the-adapters: server/edge/context.ts -> server/rest/products.ts',
      'http-runs-no-query: server/http/images.ts -> server/db/client.ts',
      'no-cycles: server/services/ping.ts -> server/services/pong.ts',
      'procedures-know-no-adapters: server/trpc/routers/products.ts -> server/rest/products.ts',
      'rest-is-adapters-over-procedures: server/rest/products.ts -> server/services/save.ts',
      'server-takes-only-the-first-view-from-client: server/http/routes.ts -> client/src/screen.ts',
      'services-know-no-transport: server/services/transport.ts -> server/trpc/context.ts',
      'shared-is-a-leaf: shared/format.ts -> server/db/client.ts',
    ]);
    expect(summary.error).toBe(12);
    const check = run(fixture, ['server', 'shared', 'client']);
    expect(check.status).not.toBe(0);
    expect(check.stdout).toContain('12 dependency violations');
  }, 60_000);

  it("the project's tree keeps every rule", () => {
    const summary = report(projectPath(), ['server', 'shared', 'client/src']);
    const broken = summary.violations.filter((v) => v.rule.severity !== 'ignore');
    expect(broken.map((v) => `${v.rule.name}: ${v.from} -> ${v.to}`)).toEqual([]);
    expect(summary.error).toBe(0);
    // The aliases (#server/*, ...) resolve: the whole server is reached through them.
    expect(summary.totalCruised).toBeGreaterThan(300);
  }, 60_000);
});

/**
 * The lint's import rules (biome.json `noRestrictedImports`) prove they can fail the same way: probes
 * written into a scratch copy of the project's layout, linted with the project's own configuration.
 * Outside server/db a table is named from the handle (`db.tables`, decision 197), never from one
 * engine's set; and nothing climbs with ../../.
 */
describe('[foundation] import rules of the lint', () => {
  it("refuse one engine's table set above server/db, and ../../, and pass the handle's tables", () => {
    const dir = mkdtempSync(join(tmpdir(), 'lint-rules-'));
    try {
      copyFileSync(projectPath('biome.json'), join(dir, 'biome.json'));
      const write = (path: string, text: string) => {
        mkdirSync(dirname(join(dir, path)), { recursive: true });
        writeFileSync(join(dir, path), text);
      };
      write(
        'server/services/one-engine.ts',
        "import { sqliteTables } from '#server/db/schema/index.ts';\nexport const t = sqliteTables.products;\n",
      );
      write('server/rest/climbs.ts', "import { x } from '../../x.ts';\nexport const y = x;\n");
      write(
        'server/services/from-handle.ts',
        "import type { Tables } from '#server/db/schema/index.ts';\nexport type P = Tables['products'];\n",
      );
      write(
        'server/db/copy.ts',
        "import { pgTables } from '#server/db/schema/index.ts';\nexport const t = pgTables.products;\n",
      );
      const lint = spawnSync(
        projectPath('node_modules', '.bin', 'biome'),
        ['lint', '--max-diagnostics=50', '.'],
        {
          cwd: dir,
          encoding: 'utf8',
        },
      );
      const out = lint.stdout + lint.stderr;
      const flagged = [...out.matchAll(/^(\S+\.ts):\d+:\d+ lint\/style\/noRestrictedImports/gm)].map(
        (m) => m[1],
      );
      expect(flagged.sort()).toEqual(['server/rest/climbs.ts', 'server/services/one-engine.ts']);
      expect(out).toContain('db.tables');
      expect(lint.status).not.toBe(0);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);
});
