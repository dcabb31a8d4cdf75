/**
 * The process entry: `runCli` reads the arguments and settings, migrates and serves (server/cli.ts).
 * No top-level await: the release bundles this same entry as CommonJS (scripts/release.mjs).
 */
import { runCli } from './cli.ts';

void runCli(process.argv.slice(2));
