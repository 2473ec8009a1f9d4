// The client: openapi-fetch over the document's paths (each call's path, parameters, body and
// answer typed from src/schema.ts), with the key sent as a bearer, a 429 (or a 503 with
// Retry-After) retried after the wait it names, and every other failed answer thrown as a
// VidfolioError. So a call either resolves with its success `data` or throws.
import createClient, { type Client, type Middleware } from "openapi-fetch";
import { VidfolioError } from "./errors.js";
import { retryingFetch, type RetryOptions } from "./retry.js";
import type { paths } from "./schema.js";
import { uploadFilm, type UploadFilmOptions, type UploadedFilm } from "./upload.js";

export type VidfolioOptions = {
  /** The app's address, e.g. https://app.example.com (no /api). */
  baseUrl: string;
  /** A studio API key, `vf_key_…` (Account → API): its scopes decide which calls it may make. */
  apiKey: string;
  /** A fetch of your own (default: the global one); the store's PUTs go through it too. */
  fetch?: typeof fetch;
  /** Retries of a 429 / 503 (default 3; 0: none). */
  maxRetries?: number;
} & Pick<RetryOptions, "maxDelaySec" | "sleep">;

export type Vidfolio = Client<paths> & {
  /** Uploads a film to a gallery (needs the `uploads` scope): the simple flow up to 5 GB, else multipart. */
  uploadFilm(options: UploadFilmOptions): Promise<UploadedFilm>;
};

/** Throws a VidfolioError for any answer that is not a success (openapi-fetch would return it as `error`). */
const throwOnFailure: Middleware = {
  async onResponse({ response }) {
    if (!response.ok) throw await VidfolioError.from(response);
    return undefined;
  },
};

export function createVidfolio(options: VidfolioOptions): Vidfolio {
  if (!options.apiKey.startsWith("vf_key_")) throw new Error("createVidfolio: apiKey must be a studio API key (vf_key_…).");
  const base = options.fetch ?? globalThis.fetch;
  const client = createClient<paths>({
    baseUrl: options.baseUrl.replace(/\/+$/, ""),
    fetch: retryingFetch(base, { maxRetries: options.maxRetries, maxDelaySec: options.maxDelaySec, sleep: options.sleep }),
    headers: { authorization: `Bearer ${options.apiKey}` },
  });
  client.use(throwOnFailure);
  return Object.assign(client, { uploadFilm: (upload: UploadFilmOptions) => uploadFilm(client, base, upload) });
}
