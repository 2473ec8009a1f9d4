// Zod 4 probes `new Function` once in the browser to decide whether to compile its parsers. Our
// Content-Security-Policy has no 'unsafe-eval', so the probe is refused: harmless (zod falls back),
// but the browser reports a CSP violation on every page that parses. `jitless` skips the probe.
// Imported for its effect by app/providers.tsx, the client root, before any form or message parses.
import { z } from "zod";

z.config({ jitless: true });
