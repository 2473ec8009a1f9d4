// A clock a test moves by hand: Date.now() is the real time plus what the test advanced, so a
// player's reports "ten seconds apart" are ten seconds apart for the code that reads the clock
// (lib/services/guests/engagement-limits.ts bounds play by the wall clock) without the test waiting.
// Only Date.now() moves (`new Date()` does not), and the spy is removed by restore().
export function movableClock() {
  const real = Date.now.bind(Date);
  let offset = 0;
  const spy = jest.spyOn(Date, "now").mockImplementation(() => real() + offset);
  return {
    advance(ms: number) {
      offset += ms;
    },
    restore: () => spy.mockRestore(),
  };
}
