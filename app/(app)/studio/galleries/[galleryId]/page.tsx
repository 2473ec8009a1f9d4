import { redirect } from "next/navigation";
import { galleryPath } from "@/lib/routes";

type Props = { params: Promise<{ galleryId: string }> };

/** A gallery without a section opens its videos. */
export default async function GalleryPage({ params }: Props) {
  redirect(galleryPath(encodeURIComponent((await params).galleryId), "videos"));
}
