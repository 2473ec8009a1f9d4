// A wall-clock step inside one process, for the production-server tests (tests/e2e/scale-out.spec.ts):
// loaded with `node --require`, it moves Date (Date.now(), new Date()) by the milliseconds written in
// the file named by VIDFOLIO_CLOCK_STEP_FILE, from the moment the file appears, while the process's
// monotonic clock (performance.now(), timers) runs on undisturbed. That is what a long-running host
// sees when its wall clock is stepped (NTP correcting it, a virtual machine resumed after a pause):
// Date.now() and performance.timeOrigin + performance.now() no longer agree, by the step.
"use strict";
const fs = require("node:fs");

const file = process.env.VIDFOLIO_CLOCK_STEP_FILE;
if (file) {
  const RealDate = Date;
  let offset = 0;
  const read = () => {
    try {
      offset = Number(fs.readFileSync(file, "utf8")) || 0;
    } catch {
      offset = 0;
    }
  };
  read();
  setInterval(read, 50).unref();
  // A function, not a subclass: `Date()` without `new` still answers a string, and every Date made
  // here is a real Date (same prototype, so instanceof holds).
  function SteppedDate(...args) {
    if (!new.target) return new RealDate(RealDate.now() + offset).toString();
    return args.length === 0 ? new RealDate(RealDate.now() + offset) : new RealDate(...args);
  }
  SteppedDate.prototype = RealDate.prototype;
  SteppedDate.UTC = RealDate.UTC;
  SteppedDate.parse = RealDate.parse;
  SteppedDate.now = () => RealDate.now() + offset;
  globalThis.Date = SteppedDate;
}
