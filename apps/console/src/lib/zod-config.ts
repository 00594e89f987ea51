/**
 * zod compiles object schemas with \`new Function\` where the page allows it, and probes for that
 * when a schema is made. The console's CSP forbids eval, so the probe alone is reported as a
 * violation: this turns compiling off before any schema exists (main.tsx imports it first).
 */
import { config } from 'zod';

config({ jitless: true });
