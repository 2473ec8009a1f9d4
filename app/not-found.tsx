import Link from "next/link";
import { TEXTS } from "@/lib/texts";
import { buttonClass } from "@/components/ui/button";

export default function NotFound() {
  return (
    <main className="flex min-h-screen flex-col items-center justify-center gap-6 bg-zinc-50 px-4 text-center">
      <h1 className="text-3xl font-bold tracking-tight">{TEXTS.notFound}</h1>
      <p className="text-zinc-600">The page you are looking for does not exist or has moved.</p>
      <Link href="/" className={buttonClass("dark")}>
        Back to home
      </Link>
    </main>
  );
}
