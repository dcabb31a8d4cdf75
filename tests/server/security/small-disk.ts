import { execFileSync } from 'node:child_process';
import { closeSync, fstatSync, ftruncateSync, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll } from 'vitest';
import { tempDir } from './real-server.ts';

/**
 * A small disk of its own for a test that fills it: a tmpfs mounted on a temporary folder. Mounting needs
 * root; a test run by another user stops with one line saying so, rather than skipping what it proves.
 * Unmounted after the importing file (its own afterAll hooks, which stop the servers, run first).
 */
const mounted: string[] = [];
afterAll(() => {
  for (const dir of mounted.splice(0)) execFileSync('umount', ['-l', dir]);
});

export function smallDisk(megabytes: number): string {
  if (process.getuid?.() !== 0) {
    throw new Error(
      `the full-disk tests mount a ${megabytes} MB tmpfs (mount -t tmpfs -o size=${megabytes}m tmpfs <dir>), which needs root: run them as root`,
    );
  }
  const dir = tempDir('txng-small-disk-');
  execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${megabytes}m`, 'tmpfs', dir]);
  mounted.push(dir);
  return dir;
}

/**
 * Fills the disk holding `dir` with one file, to its last byte or leaving `leaveBytes` free; returns a
 * function that removes it.
 */
export function fillDisk(dir: string, leaveBytes = 0): () => void {
  const file = join(dir, 'filler.bin');
  const fd = openSync(file, 'a');
  try {
    for (const size of [1 << 20, 1 << 12, 1]) {
      const chunk = Buffer.alloc(size, 0x61);
      try {
        for (;;) writeSync(fd, chunk);
      } catch (err) {
        if ((err as { code?: string }).code !== 'ENOSPC') throw err;
      }
    }
    if (leaveBytes) ftruncateSync(fd, Math.max(0, fstatSync(fd).size - leaveBytes));
  } finally {
    closeSync(fd);
  }
  return () => rmSync(file, { force: true });
}
