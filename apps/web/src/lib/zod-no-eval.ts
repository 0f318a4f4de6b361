import { z } from 'zod';

// zod probes `Function('')` to compile fast parsers; the console's Content-Security-Policy forbids eval, and the probe
// would be reported as a violation. Imported first by main.tsx, before any schema parses.
z.config({ jitless: true });
