import { FoldersScreen } from "@/components/studio/folders/folders-screen";
import { studioPage } from "@/lib/auth/pages";
import { listFolders } from "@/lib/services/folders";

type Props = { searchParams: Promise<{ folder?: string }> };

/** The folder side bar and the selected folder's galleries (spec §2). */
export default async function GalleriesPage({ searchParams }: Props) {
  const actor = await studioPage();
  const [{ folder }, folders] = await Promise.all([searchParams, listFolders(actor)]);
  return <FoldersScreen initialFolders={folders} requestedId={typeof folder === "string" ? folder : undefined} />;
}
