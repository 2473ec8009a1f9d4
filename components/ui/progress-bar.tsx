// A labelled progress bar (0–100) with its words below it.
export function ProgressBar({ label, percent, caption, testId }: { label: string; percent: number; caption?: string; testId?: string }) {
  const value = Math.max(0, Math.min(100, Math.floor(percent)));
  return (
    <div className="space-y-2">
      <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} aria-valuenow={value} className="h-2 w-full overflow-hidden rounded-full bg-zinc-100">
        <div className="bg-brand-600 h-full rounded-full transition-[width]" style={{ width: `${value}%` }} />
      </div>
      <p className="text-sm text-zinc-600" data-testid={testId}>
        {caption ?? label}
      </p>
    </div>
  );
}
