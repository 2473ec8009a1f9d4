// One file of Download all, read as a stream that survives a dropped connection: when
// the connection fails (or ends before the file's size) the read goes on from the byte it reached,
// with a Range request to the same signed address, or, once that address has expired, through the
// app's door again (`resume`: not counted twice). A file is given up only after `tries` failures
// in a row with no byte between them. Plain web streams and fetch: the same code runs in the
// browser and in the Node tests (tests/integration/download-all-resume.test.ts).

export type ResumableOptions = {
  /** The door a resumed read goes through when the signed address has expired (Range kept across its redirect). */
  resumeSrc?: string;
  /** The file's size when known: a body ending before it is a dropped connection. */
  size?: number | null;
  tries?: number;
  retryDelayMs?: number;
  signal?: AbortSignal;
  onBytes?: (n: number) => void;
  fetch?: typeof fetch;
};

/** A film the store would not give after its tries. Told apart by its name (the panel checks it without importing this module). */
export class DownloadError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = "DownloadError";
  }
}

const wait = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener("abort", () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });

/** The first byte of a 206's Content-Range (`bytes 100-199/200` → 100), or null. */
const rangeStart = (res: Response) => {
  const m = /^bytes (\d+)-/.exec(res.headers.get("content-range") ?? "");
  return m ? Number(m[1]) : null;
};

/** A refusal no retry will change (the gallery locked or expired meanwhile, the film gone). */
const final = (status: number) => status >= 400 && status < 500 && status !== 403 && status !== 408 && status !== 429;

export function resumableBody(src: string, options: ResumableOptions = {}): ReadableStream<Uint8Array> {
  const { tries = 4, retryDelayMs = 1000, signal, onBytes, size = null } = options;
  const get = options.fetch ?? ((input, init) => fetch(input, init));
  const resumeSrc = options.resumeSrc ?? src;
  let offset = 0;
  let failures = 0;
  let direct: string | null = null;
  let reader: ReadableStreamDefaultReader<Uint8Array> | null = null;
  /** Bytes of a plain 200 answer to a resumed read that are already written (a store that ignored the Range). */
  let skip = 0;

  async function failed(error: unknown): Promise<void> {
    if (signal?.aborted) throw signal.reason;
    if (error instanceof DownloadError && error.status !== undefined && final(error.status)) throw error;
    failures += 1;
    if (failures >= tries) throw error;
    await wait(retryDelayMs * 2 ** (failures - 1), signal);
  }

  async function open(): Promise<void> {
    for (;;) {
      try {
        const resumed = offset > 0;
        const init: RequestInit = { signal, credentials: "same-origin", ...(resumed ? { headers: { range: `bytes=${offset}-` } } : {}) };
        let res = await get(resumed && direct ? direct : resumed ? resumeSrc : src, init);
        // The signed address has expired: a new one from the door.
        if (resumed && direct && res.status === 403) {
          direct = null;
          res = await get(resumeSrc, init);
        }
        if (!res.ok || !res.body) throw new DownloadError(`HTTP ${res.status}`, res.status);
        if (res.url && res.url !== src && res.url !== resumeSrc) direct = res.url;
        if (resumed) {
          if (res.status === 206 && rangeStart(res) !== offset) throw new DownloadError("The store answered another part of the file.");
          skip = res.status === 206 ? 0 : offset;
        }
        reader = res.body.getReader();
        return;
      } catch (error) {
        await failed(error);
      }
    }
  }

  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        for (;;) {
          try {
            if (!reader) await open();
            const { done, value } = await reader!.read();
            if (done) {
              reader = null;
              if (size !== null && offset < size) throw new DownloadError(`The connection ended at byte ${offset} of ${size}.`);
              if (size !== null && offset > size) throw new DownloadError(`The file is larger than its ${size} bytes.`, 0);
              controller.close();
              return;
            }
            let bytes = value;
            if (skip > 0) {
              const drop = Math.min(skip, bytes.byteLength);
              skip -= drop;
              bytes = bytes.subarray(drop);
              if (bytes.byteLength === 0) continue;
            }
            offset += bytes.byteLength;
            failures = 0;
            onBytes?.(bytes.byteLength);
            controller.enqueue(bytes);
            return;
          } catch (error) {
            void reader?.cancel().catch(() => {});
            reader = null;
            if (error instanceof DownloadError && error.status === 0) throw error;
            await failed(error);
          }
        }
      },
      cancel(reason) {
        void reader?.cancel(reason).catch(() => {});
      },
    },
    { highWaterMark: 0 },
  );
}
