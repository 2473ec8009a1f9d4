import { FoldersScreen } from "@/components/studio/folders/folders-screen";
import { studioPage } from "@/lib/auth/pages";
import { listFolders } from "@/lib/services/folders";
import { recentActivity } from "@/lib/services/activity";
import { RecentActivity } from "@/components/studio/home/recent-activity";

type Props = { searchParams: Promise<{ folder?: string }> };

/** The folder side bar, the selected folder's galleries (spec §2) and the studio's recent activity (issue 39 item 6). */
export default async function GalleriesPage({ searchParams }: Props) {
  const actor = await studioPage();
  const [{ folder }, folders, activity] = await Promise.all([searchParams, listFolders(actor), recentActivity(actor)]);
  return <FoldersScreen initialFolders={folders} requestedId={typeof folder === "string" ? folder : undefined} aside={<RecentActivity items={activity} />} />;
}
