// Two versions on one clock (compare and wipe): the left player leads, the right
// follows. Pure rules here (unit-tested); lib/browser/compare-clock.ts wires them to <video>s.

/** How far the follower may drift from the leader while both play before it is put back (seconds). */
export const PLAYING_DRIFT_MAX_S = 0.12;
/** Paused, the two frames shown match closer than a frame at 25 fps. */
export const PAUSED_DRIFT_MAX_S = 0.03;

/**
 * Where the follower should be put, or null when it is close enough. A follower shorter than the
 * leader (an earlier, shorter cut) waits on its last frame; a duration not known yet is no limit.
 */
export function followerTarget(leader: number, follower: number, followerDuration: number, playing: boolean): number | null {
  const end = Number.isFinite(followerDuration) && followerDuration > 0 ? followerDuration : Infinity;
  const target = Math.max(0, Math.min(leader, end));
  return Math.abs(target - follower) > (playing ? PLAYING_DRIFT_MAX_S : PAUSED_DRIFT_MAX_S) ? target : null;
}

/** The wipe's split in percent of the frame's width, kept inside it. */
export const wipeSplit = (percent: number) => Math.max(0, Math.min(100, Number.isFinite(percent) ? percent : 50));

/** The right picture's clip in the wipe: it shows right of the split, the left version left of it. */
export const wipeClip = (percent: number) => `inset(0 0 0 ${wipeSplit(percent)}%)`;
