import Link from "next/link";
import { Folder, ImageIcon } from "lucide-react";
import { studioPage } from "@/lib/auth/pages";
import { listFolders } from "@/lib/services/folders";
import { DateTime } from "@/components/ui/date-time";
import { LAYOUT } from "@/lib/limits";
import { TEXTS } from "@/lib/texts";

type Props = { searchParams: Promise<{ folder?: string }> };

export default async function GalleriesPage({ searchParams }: Props) {
  const actor = await studioPage();
  const { folder: wanted } = await searchParams;
  const folders = await listFolders(actor);
  const current = folders.find((f) => f._id === wanted) ?? folders[0];
  const galleries = current?.galleries ?? [];

  return (
    <div className="flex min-h-[calc(100vh-4rem)]">
      <aside className="w-64 shrink-0 border-r border-zinc-200 bg-white p-4" aria-label="Folders">
        <h2 className="px-2 text-xs font-semibold uppercase tracking-wide text-zinc-500">Folders</h2>
        <ul className="mt-2 space-y-0.5 overflow-y-auto" style={{ minHeight: LAYOUT.folderList.min, maxHeight: LAYOUT.folderList.max }}>
          {folders.map((f) => (
            <li key={f._id}>
              <Link
                href={`?folder=${f._id}`}
                aria-current={f._id === current?._id ? "page" : undefined}
                className={`flex items-center gap-2 rounded-md px-2 py-2 text-sm ${
                  f._id === current?._id ? "bg-brand-50 font-semibold text-brand-800" : "text-zinc-700 hover:bg-zinc-100"
                }`}
              >
                <Folder className="h-4 w-4 shrink-0" aria-hidden="true" />
                <span className="truncate">{f.name}</span>
                <span className="ml-auto text-xs text-zinc-400">{f.galleries.length}</span>
              </Link>
            </li>
          ))}
        </ul>
      </aside>
      <main className="flex-1 p-6">
        {current ? (
          <>
            <h1 className="text-2xl font-bold tracking-tight">{current.name}</h1>
            {galleries.length === 0 ? (
              <p className="mt-10 text-zinc-500">{TEXTS.noGalleries}</p>
            ) : (
              <ul className="mt-6 flex flex-wrap gap-5">
                {galleries.map((g) => (
                  <li key={g._id} style={{ width: LAYOUT.galleryCardWidth }} className="overflow-hidden rounded-xl border border-zinc-200 bg-white shadow-sm">
                    <Link href={`/studio/galleries/${g._id}/videos`} className="block">
                      <div className="grid aspect-video place-items-center bg-zinc-100 text-zinc-400">
                        <ImageIcon className="h-8 w-8" aria-hidden="true" />
                      </div>
                      <div className="p-3">
                        <p className="truncate font-semibold">{g.name}</p>
                        <p className="text-xs text-zinc-500"><DateTime value={g.createdAt} /></p>
                      </div>
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : (
          <p className="mt-10 text-zinc-500">No folders yet.</p>
        )}
      </main>
    </div>
  );
}
