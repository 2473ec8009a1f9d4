import { VIEWER_TEXTS } from "@/lib/viewer-i18n/english";

/** The default error screen: 'Unexpected Application Error!' with the status and its text. */
export function ErrorScreen({ error, reset }: { error: Error & { digest?: string; status?: number }; reset?: () => void }) {
  const status = error.status ?? 500;
  const text = status === 500 ? "Internal Server Error" : error.message;
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-4 bg-zinc-50 px-4 text-center font-sans">
      <h1 className="text-3xl font-bold tracking-tight text-zinc-900">{VIEWER_TEXTS.unexpectedError}</h1>
      <p className="text-lg text-zinc-700" data-testid="error-status">
        {status} {text}
      </p>
      {error.digest && <p className="text-xs text-zinc-400">Reference: {error.digest}</p>}
      {reset && (
        <button type="button" onClick={reset} className="rounded-lg bg-zinc-900 px-4 py-2 text-sm font-semibold text-white">
          Try again
        </button>
      )}
    </main>
  );
}
