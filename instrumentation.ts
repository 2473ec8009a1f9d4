// Runs once when the server starts: loads what must be ready before the first request.
export async function register() {
  if (process.env.NEXT_RUNTIME !== "nodejs") return;
  // The configuration is checked before the first request (not at `next build`, which needs none of
  // it): a missing or malformed variable stops here with its name (lib/env.ts).
  if (process.env.NEXT_PHASE !== "phase-production-build") {
    const { env } = await import("@/lib/env");
    env();
  }
  // Media addresses are signed synchronously; with an instance role the store's keys are fetched
  // first (lib/storage/media-credentials-cache.ts). A failure is logged, and retried on first use.
  const { loadMediaCredentials } = await import("@/lib/storage/media-credentials");
  await loadMediaCredentials().catch((e: Error) => console.error(`Could not load the store's credentials for media signing: ${e.message}`));
}
