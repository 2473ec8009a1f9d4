import { NotFoundScreen } from "@/components/not-found-screen";

/** A gallery that does not exist (or not on this domain): the app's 404 screen (its head: pages/_document.tsx). */
export default function NotFoundPage() {
  return <NotFoundScreen />;
}
