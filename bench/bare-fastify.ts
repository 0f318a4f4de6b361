// The yardstick of the session figures: a bare Fastify route (no plugins, no database) answering a small JSON
// object, in a child process started the same way as the real server, so both carry the same process overhead.
import Fastify from 'fastify';

const app = Fastify({ logger: false });
app.get('/', async () => ({ code: 200, data: { hello: 'world' }, msg: 'success' }));
await app.listen({ host: '127.0.0.1', port: Number(process.env.PORT) });
console.log('listening');
