// When an upload's request fails (issue 19, item 4): which failures are worth another try, and how
// `persist` waits (for the network while offline, without using up tries; growing waits otherwise).
import { ApiError } from "@/lib/browser/api-client";
import { isTransient, persist } from "@/lib/browser/uploads/network";

function setOnline(online: boolean) {
  Object.defineProperty(globalThis, "navigator", { value: { onLine: online }, configurable: true });
  if (online) window.dispatchEvent(new Event("online"));
}

const listeners = new EventTarget();
beforeAll(() => {
  Object.defineProperty(globalThis, "window", {
    value: { addEventListener: listeners.addEventListener.bind(listeners), removeEventListener: listeners.removeEventListener.bind(listeners), dispatchEvent: listeners.dispatchEvent.bind(listeners) },
    configurable: true,
  });
});
afterEach(() => setOnline(true));

describe("isTransient", () => {
  it.each([
    ["fetch with no answer", new TypeError("Failed to fetch"), true],
    ["a part PUT with no answer (status 0)", Object.assign(new Error("Unknown error"), { source: { status: 0 } }), true],
    ["a part PUT refused with 503", Object.assign(new Error("x"), { source: { status: 503 } }), true],
    ["429", new ApiError(429, "slow down"), true],
    ["408", new ApiError(408, "timeout"), true],
    ["502 from our server", new ApiError(502, "bad gateway"), true],
    ["409 not enough credits", new ApiError(409, "Not enough credits!"), false],
    ["404 gallery gone", new ApiError(404, "Not found"), false],
    ["a part PUT refused with 403", Object.assign(new Error("x"), { source: { status: 403 } }), false],
    ["a cancel", new DOMException("Upload cancelled", "AbortError"), false],
    ["nothing", undefined, false],
  ])("%s → %s", (_name, error, expected) => {
    expect(isTransient(error)).toBe(expected);
  });
});

describe("persist", () => {
  it("tries again after each wait, then gives up with the last error", async () => {
    let tries = 0;
    const failing = () => {
      tries += 1;
      return Promise.reject(new TypeError("Failed to fetch"));
    };
    await expect(persist(failing, undefined, [1, 1, 1])).rejects.toThrow("Failed to fetch");
    expect(tries).toBe(4);
  });

  it("never tries again a failure that cannot pass", async () => {
    let tries = 0;
    await expect(
      persist(
        () => {
          tries += 1;
          return Promise.reject(new ApiError(409, "Not enough credits!"));
        },
        undefined,
        [1, 1],
      ),
    ).rejects.toThrow("Not enough credits!");
    expect(tries).toBe(1);
  });

  it("waits while offline without using up tries, and goes on by itself when the network is back", async () => {
    let tries = 0;
    const result = persist(
      () => {
        tries += 1;
        if (tries === 1) {
          setOnline(false); // the network drops during the first try
          return Promise.reject(new TypeError("Failed to fetch"));
        }
        return Promise.resolve("done");
      },
      undefined,
      [], // no retries at all: only the offline wait may bring the second try
    );
    await new Promise((r) => setTimeout(r, 30));
    expect(tries).toBe(1);
    setOnline(true);
    await expect(result).resolves.toBe("done");
    expect(tries).toBe(2);
  });

  it("a cancel ends the wait", async () => {
    setOnline(false);
    const stop = new AbortController();
    let tries = 0;
    const result = persist(
      () => {
        tries += 1;
        return Promise.reject(new TypeError("Failed to fetch"));
      },
      stop.signal,
      [1],
    );
    stop.abort();
    await expect(result).rejects.toThrow("Failed to fetch");
    expect(tries).toBe(1);
  });
});
