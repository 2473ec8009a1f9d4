import type { Metadata } from "next";
import { getServerSession } from "next-auth";
import { StudioHeader } from "@/components/studio/studio-header";
import { ImpersonationBanner } from "@/components/studio/impersonation-banner";
import { UploadProvider } from "@/components/studio/uploads/upload-provider";
import { studioPage } from "@/lib/auth/pages";
import { Providers } from "../providers";
import { authOptions } from "@/lib/auth/options";
import { bytesToMb, formatCredits } from "@/lib/format";

export const metadata: Metadata = { title: "Studio", robots: { index: false } };

export default async function StudioLayout({ children }: { children: React.ReactNode }) {
  const actor = await studioPage();
  const session = await getServerSession(authOptions());
  return (
    <Providers>
      <div className="studio-page min-h-screen bg-zinc-50">
        {/* The upload queue lives here so uploads go on while the studio moves between its pages. */}
        <UploadProvider studioId={actor.id}>
          {session?.impersonator && <ImpersonationBanner studioName={actor.name} adminEmail={session.impersonator.email} />}
          <StudioHeader name={actor.name} email={actor.email} creditsLabel={formatCredits(bytesToMb(actor.creditBytes))} />
          {children}
        </UploadProvider>
      </div>
    </Providers>
  );
}
