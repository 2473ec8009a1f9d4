export default async function globalTeardown() {
  for (const stop of globalThis.__VIDFOLIO_STOPS__ ?? []) await stop().catch(() => {});
}
