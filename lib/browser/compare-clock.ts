// Two <video>s on one clock (compare versions): the leader's play, pause, seek and rate are
// the follower's; while they play, a frame loop puts the follower back when it drifts
// (lib/services/review/rules/compare-clock.ts); a follower that stalls holds the leader until it can play again.
// A hold is not a pause: the two still mean to play (the button stays Pause), and a person's Pause
// during a hold ends it, so nothing starts again when the follower catches up.
import { followerTarget } from "@/lib/services/review/rules/compare-clock";

/** Leaders paused only while their follower buffers. */
const held = new WeakSet<HTMLVideoElement>();

/** Whether the pair means to play: the leader plays, or waits for its follower to catch up. */
export const meansToPlay = (leader: HTMLVideoElement): boolean => !leader.paused || held.has(leader);

export function linkClocks(leader: HTMLVideoElement, follower: HTMLVideoElement): () => void {
  let frame = 0;
  const align = () => {
    const to = followerTarget(leader.currentTime, follower.currentTime, follower.duration, !leader.paused);
    if (to !== null) follower.currentTime = to;
  };
  const loop = () => {
    align();
    frame = leader.paused ? 0 : requestAnimationFrame(loop);
  };
  const onPlay = () => {
    align();
    void follower.play().catch(() => {});
    if (!frame) frame = requestAnimationFrame(loop);
  };
  const onPause = () => {
    follower.pause();
    align();
  };
  const onRate = () => {
    follower.playbackRate = leader.playbackRate;
  };
  const onFollowerWaiting = () => {
    if (leader.paused) return;
    held.add(leader);
    leader.pause();
  };
  const onFollowerReady = () => {
    if (!held.delete(leader)) return;
    void leader.play().catch(() => {});
  };
  const leaderEvents: [string, () => void][] = [
    ["play", onPlay],
    ["pause", onPause],
    ["seeked", align],
    ["seeking", align],
    ["ratechange", onRate],
    ["loadedmetadata", align],
  ];
  const followerEvents: [string, () => void][] = [
    ["waiting", onFollowerWaiting],
    ["canplay", onFollowerReady],
    ["loadedmetadata", align],
  ];
  for (const [name, fn] of leaderEvents) leader.addEventListener(name, fn);
  for (const [name, fn] of followerEvents) follower.addEventListener(name, fn);
  onRate();
  if (!leader.paused) onPlay();
  else align();
  return () => {
    cancelAnimationFrame(frame);
    held.delete(leader);
    for (const [name, fn] of leaderEvents) leader.removeEventListener(name, fn);
    for (const [name, fn] of followerEvents) follower.removeEventListener(name, fn);
  };
}

type HlsConstructor = typeof import("hls.js").default;
let hlsLoading: Promise<HlsConstructor> | null = null;

/**
 * Gives a <video> a version's playback: its HLS ladder through hls.js (from the app's bundle) when
 * the browser has Media Source, natively where it plays HLS itself, else its MP4. Returns the
 * detach (the hls.js instance destroyed).
 */
export function attachPlayback(video: HTMLVideoElement, sources: { src: string; type: string }[]): () => void {
  const hls = sources.find((s) => s.type === "application/x-mpegurl");
  const mp4 = sources.find((s) => s.type === "video/mp4");
  let destroy: (() => void) | null = null;
  let live = true;
  const playMp4 = () => {
    if (mp4) video.src = mp4.src;
  };
  if (!hls) playMp4();
  else {
    (hlsLoading ??= import("hls.js").then((m) => m.default)).then(
      (Hls) => {
        if (!live) return;
        if (Hls.isSupported()) {
          const h = new Hls();
          h.loadSource(hls.src);
          h.attachMedia(video);
          destroy = () => h.destroy();
        } else if (video.canPlayType("application/vnd.apple.mpegurl")) video.src = hls.src;
        else playMp4();
      },
      () => {
        hlsLoading = null;
        if (live) playMp4();
      },
    );
  }
  return () => {
    live = false;
    destroy?.();
    video.removeAttribute("src");
    video.load();
  };
}

/** The leader's one position (its follower follows). */
export function seekTo(leader: HTMLVideoElement | null, seconds: number): void {
  if (leader) leader.currentTime = seconds;
}

/**
 * Play or pause both (through the leader). Pause during a hold ends the hold: the leader is already
 * paused, and its follower with it, so both stay where they are.
 */
export function togglePlayback(leader: HTMLVideoElement | null): void {
  if (!leader) return;
  if (held.delete(leader)) return;
  if (leader.paused) void leader.play().catch(() => {});
  else leader.pause();
}
