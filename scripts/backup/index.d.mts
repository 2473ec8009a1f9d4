// Types of scripts/backup/index.mjs, for the TypeScript tests.
export type Store = {
  bucket: string;
  endpoint: string | null;
  region: string;
  forcePathStyle: boolean;
  credentials?: { accessKeyId: string; secretAccessKey: string };
};
export type StoredObject = { key: string; size: number; etag: string; lastModified: string | null };
export type Manifest = {
  format: 1;
  createdAt: string;
  database: { name: string; server: string; serverMajor: number; pgDump: string; pgDumpMajor: number };
  tables: Record<string, number>;
  rows: number;
  store: { bucket: string; endpoint: string | null; objects: number; bytes: number };
};
export type RestoreReport = {
  ok: boolean;
  tables: { mismatched: { table: string; expected: number; actual: number }[]; missing: string[]; extra: string[] };
  objects: {
    missing: string[];
    changed: { key: string; expected: { size: number; etag: string }; actual: { size: number; etag: string } }[];
    extra: string[];
  };
};
type Log = (line: string) => void;

export function backup(options: { databaseUrl: string; store: Store; out?: string; root?: string; pageSize?: number; log?: Log }): Promise<{ dir: string; manifest: Manifest }>;
export function restore(options: { dir: string; databaseUrl: string; store: Store; yes?: boolean; pageSize?: number; log?: Log }): Promise<RestoreReport>;
export function readBackup(dir: string): { manifest: Manifest; listing: { bucket: string; listedAt: string; objects: StoredObject[] }; dumpFile: string };
export function storeFromEnv(env: Record<string, string | undefined>): Store;
export function listObjects(store: Store, options?: { pageSize?: number }): Promise<StoredObject[]>;
export function maskUrl(url: string): string;
export class RestoreRefused extends Error {
  tables: Record<string, number>;
}
