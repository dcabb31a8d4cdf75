/** The ceiling: a bare Hono route answering a small JSON on @hono/node-server, nothing else. */
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

const app = new Hono();
app.get('/ping', (c) => c.json({ ok: true }));
serve({ fetch: app.fetch, port: Number(process.argv[2] ?? 3901), hostname: '127.0.0.1' }, () => console.log('ready'));
