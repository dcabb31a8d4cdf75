// `npm start`'s command as package.json spells it, `NAME=value … node <flags> scripts/start.mjs`, taken
// apart for what starts the server without npm in front (benchmarks, the real-server tests): they run
// the process a deployment runs, with its allocator settings and node flags (decision 220).
import { readFileSync } from 'node:fs';

/** @returns {{ env: Record<string, string>, command: string, nodeFlags: string[], script: string[] }} */
export function npmStart() {
  const start = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')).scripts.start;
  const words = start.trim().split(/\s+/);
  /** @type {Record<string, string>} */
  const env = {};
  while (words[0] && /^[A-Z_][A-Z0-9_]*=/.test(words[0])) {
    const [name, ...value] = words.shift().split('=');
    env[name] = value.join('=');
  }
  const [command = 'node', ...args] = words;
  const at = args.findIndex((a) => !a.startsWith('-'));
  return { env, command, nodeFlags: args.slice(0, at), script: args.slice(at) };
}
