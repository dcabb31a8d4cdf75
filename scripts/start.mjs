// `npm start`: builds the client when it has not been built yet, then runs the server in this process.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { register } from 'tsx/esm/api';

if (!existsSync(new URL('../dist/client/index.html', import.meta.url))) {
  console.log('Building the client (first start)...');
  const r = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}
register();
await import('../server/index.ts');
