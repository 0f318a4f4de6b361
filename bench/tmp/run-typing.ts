import { run } from './typing-events.ts';
await run();
