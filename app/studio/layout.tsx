import type { Metadata } from "next";
import { StudioHeader } from "@/components/studio/studio-header";
import { studioPage } from "@/lib/auth/pages";
import { bytesToMb, formatCredits } from "@/lib/format";

export const metadata: Metadata = { title: "Studio", robots: { index: false } };

export default async function StudioLayout({ children }: { children: React.ReactNode }) {
  const actor = await studioPage();
  return (
    <div className="min-h-screen bg-zinc-50">
      <StudioHeader name={actor.name} email={actor.email} creditsLabel={formatCredits(bytesToMb(actor.creditBytes))} />
      {children}
    </div>
  );
}
