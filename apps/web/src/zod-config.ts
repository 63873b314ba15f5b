// Zod probes `new Function` once to compile its object checks; the app's CSP forbids eval,
// so the probe would only send a violation report. Its `jitless` setting skips the probe.
// Zod keeps its settings on this global (shared by every copy of it): set here, before zod
// loads, so that zod stays off the first page (zod-config.test.ts checks zod reads it).
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
(holder.__zod_globalConfig ??= {}).jitless = true;

export {};
