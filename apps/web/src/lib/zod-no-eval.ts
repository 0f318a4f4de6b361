// zod probes `Function('')` to compile fast parsers; the console's Content-Security-Policy forbids eval, and the probe
// would be reported as a violation. Imported first by main.tsx, before any schema parses.
//
// zod keeps its configuration in one object on globalThis (`__zod_globalConfig`, shared by every copy of zod on a page)
// and adopts one that is already there. Setting `jitless` on it needs no zod import: importing even zod's core
// configuration module put 3.5 kB (compressed) of zod on every first page, which parses nothing.
const scope = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
scope.__zod_globalConfig ??= {};
scope.__zod_globalConfig.jitless = true;
