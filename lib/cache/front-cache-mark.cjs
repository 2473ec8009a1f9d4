// The header proxy.ts puts on a public gallery page's answer so the production server's page front
// cache (front-cache.cjs) may keep it; the front cache takes it off before the answer leaves.
"use strict";
module.exports = { CACHEABLE_HEADER: "x-vidfolio-cacheable" };
