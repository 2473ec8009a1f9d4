// Zod 4 probes `new Function` once in the browser to decide whether to compile its parsers. Our
// Content-Security-Policy has no 'unsafe-eval', so the probe is refused: harmless (zod falls back),
// but the browser reports a CSP violation on every page that parses. `jitless` skips the probe.
// Imported for its effect before any form or message parses: by app/(app)/providers.tsx (the studio,
// the checkout, the super admin), by components/auth/signup-form.tsx (the one form outside them that
// parses) and by components/gallery/preview-listener.ts (the editor's preview frame); the public
// gallery page itself parses nothing with zod, so it does not load it.
// Zod's core `config` alone: importing "zod" here would put all of zod (31 KB gzipped) in the
// first load of every app page, the home page included, for one setting (bench/lighthouse).
import { config } from "zod/v4/core";

config({ jitless: true });
