// Only zod's core configuration: importing `z` here would put all of zod in the first page's JavaScript.
import { config } from 'zod/v4/core';

// zod probes `Function('')` to compile fast parsers; the console's Content-Security-Policy forbids eval, and the probe
// would be reported as a violation. Imported first by main.tsx, before any schema parses.
config({ jitless: true });
