import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/marketing/placeholder-page";

export const metadata: Metadata = { title: "Company" };

export default function Page() {
  return <PlaceholderPage title="Company" />;
}
