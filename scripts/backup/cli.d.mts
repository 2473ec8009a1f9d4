// Types of scripts/backup/cli.mjs, for the TypeScript commands (npm run export / import).
import type { Store } from "./index.mjs";
export type Targets = { databaseUrl: string; store: Store; notes: string[]; running: boolean; stop: () => Promise<void> };
export function parseCommand<O extends Record<string, { type: "string" | "boolean"; short?: string }>>(spec: {
  usage: string;
  options: O;
  positionals?: number;
}): { values: { [K in keyof O]?: O[K]["type"] extends "string" ? string : boolean }; positionals: string[]; resolve: (p: string) => string };
export function runOnTargets(purpose: "backup" | "restore", work: (targets: Targets) => Promise<boolean>, failure: (e: Error) => string): Promise<never>;
