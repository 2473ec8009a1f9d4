// A small HLS ladder in the test store, laid out as the worker writes one (lib/media/process-video.ts):
// `<key>.derived/hls/master.m3u8` naming `720p.m3u8`, which names its segments; the video row gets
// its hlsKey and a thumbnail.
import { db } from "@/lib/db";
import { putObjects } from "./storage";
import type { Video } from "@/generated/prisma/client";
import { PutObjectCommand } from "@aws-sdk/client-s3";
import { bucket, s3 } from "@/lib/storage/client";

export const MASTER = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-STREAM-INF:BANDWIDTH=2800000,RESOLUTION=1280x720\n720p.m3u8\n";
export const VARIANT = "#EXTM3U\n#EXT-X-VERSION:3\n#EXT-X-TARGETDURATION:4\n#EXT-X-PLAYLIST-TYPE:VOD\n#EXTINF:4.0,\n720p_000.ts\n#EXTINF:2.5,\n720p_001.ts\n#EXT-X-ENDLIST\n";

export async function putLadder(video: Video, opts: { streamCopy?: boolean } = {}): Promise<Video> {
  const dir = `${video.storageKey}.derived/`;
  const put = (Key: string, Body: string, ContentType: string) => s3().send(new PutObjectCommand({ Bucket: bucket(), Key, Body, ContentType }));
  await put(`${dir}hls/master.m3u8`, MASTER, "application/vnd.apple.mpegurl");
  await put(`${dir}hls/720p.m3u8`, VARIANT, "application/vnd.apple.mpegurl");
  await putObjects([`${dir}hls/720p_000.ts`, `${dir}hls/720p_001.ts`, `${dir}thumb-1000.jpg`, ...(opts.streamCopy ? [`${dir}stream.mp4`] : [])]);
  return db.video.update({
    where: { id: video.id },
    data: { hlsKey: `${dir}hls/master.m3u8`, thumbnailKey: `${dir}thumb-1000.jpg`, streamKey: opts.streamCopy ? `${dir}stream.mp4` : null, processedAt: new Date() },
  });
}
