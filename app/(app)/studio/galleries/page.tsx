import { FoldersScreen } from "@/components/studio/folders/folders-screen";
import { studioPage } from "@/lib/auth/pages";
import { listFolders } from "@/lib/services/galleries";
import { recentActivity } from "@/lib/services/guests";
import { RecentActivity } from "@/components/studio/home/recent-activity";
import { AwaitingPayment } from "@/components/studio/home/awaiting-payment";
import { awaitingPayment } from "@/lib/services/money";
import { firstDelivery } from "@/lib/services/studio";
import { FirstDelivery } from "@/components/studio/home/first-delivery";
import { activityFeed } from "@/lib/services/platform";
import { ActivityFeed } from "@/components/studio/activity/activity-feed";

type Props = { searchParams: Promise<{ folder?: string }> };

/** The folder side bar, the selected folder's galleries (spec §2), the first delivery's checklist and starter allowance, the activity feed (what clients did), the galleries awaiting payment (Paid delivery) and who watched lately. */
export default async function GalleriesPage({ searchParams }: Props) {
  const actor = await studioPage();
  const [{ folder }, folders, activity, awaiting, first, feed] = await Promise.all([
    searchParams,
    listFolders(actor),
    recentActivity(actor),
    awaitingPayment(actor),
    firstDelivery(actor),
    activityFeed(actor),
  ]);
  const aside = (
    <div className="flex flex-col gap-5">
      <FirstDelivery state={first} />
      <ActivityFeed initial={feed} />
      <AwaitingPayment galleries={awaiting} />
      <RecentActivity items={activity} />
    </div>
  );
  return <FoldersScreen initialFolders={folders} requestedId={typeof folder === "string" ? folder : undefined} aside={aside} />;
}
