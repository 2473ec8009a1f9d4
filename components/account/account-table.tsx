/** The account pages' tables (credit history, invoices): a bordered, scrolling table with its column heads. */
export function AccountTable({ heads, testId, children }: { heads: React.ReactNode[]; testId: string; children: React.ReactNode }) {
  return (
    <div className="mt-4 overflow-x-auto rounded-xl border border-zinc-200">
      <table className="min-w-full text-left text-sm">
        <thead className="bg-zinc-50 text-xs tracking-wide text-zinc-500 uppercase">
          <tr>
            {heads.map((h, i) => (
              <th key={i} scope="col" className="px-4 py-3 font-semibold">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-zinc-100" data-testid={testId}>
          {children}
        </tbody>
      </table>
    </div>
  );
}
