import { LogoLink } from "@/components/ui/logo-link";
import { ProfilePanel } from "@/components/studio/profile-panel";
import { ROUTES } from "@/lib/routes";
import { ActivityBell } from "@/components/studio/activity/activity-bell";
import { StudioNav } from "@/components/studio/studio-nav";

type Props = { name: string; email: string; creditsLabel: string };

export function StudioHeader(props: Props) {
  return (
    <header className="sticky top-0 z-30 border-b border-zinc-200 bg-white">
      <div className="flex h-16 items-center justify-between gap-2 px-4 sm:px-6">
        <div className="flex min-w-0 items-center gap-2 sm:gap-6">
          <LogoLink href={ROUTES.galleries} />
          <StudioNav />
        </div>
        <div className="flex items-center gap-2">
          <ActivityBell />
          <ProfilePanel {...props} />
        </div>
      </div>
    </header>
  );
}
