// Types of scripts/store-gate.mjs (the embedded store's signature and CORS gate), for the tests.
export type Verdict = { ok: true } | { ok: false; code: string; message: string };
export type StoreKey = { accessKeyId: string; secretAccessKey: string; region: string };
export function verifySignature(req: { method: string; url: string; headers: Record<string, string | string[] | undefined> }, key: StoreKey, now?: number): Verdict;
export function corsAllows(origin: string, method: string, writeOrigins: string[]): boolean;
export function appOrigins(appUrls: (string | undefined | null)[]): string[];
export function storeGate(options: StoreKey & { writeOrigins: string[]; now?: () => number }): (ctx: unknown, next: () => Promise<void>) => Promise<void>;
export const STORE_KEEP_ALIVE_MS: number;
export function uploadLocks(): <T>(uploadId: string, exclusive: boolean, run: () => Promise<T>) => Promise<T>;
