// The two <video>s of compare on one clock (lib/browser/compare-clock.ts), with stand-ins that keep
// a media element's order: play() and pause() change `paused` at once and fire their event later.
import { linkClocks, meansToPlay, togglePlayback } from "@/lib/browser/compare-clock";

class FakeVideo extends EventTarget {
  paused = true;
  currentTime = 0;
  duration = 6;
  playbackRate = 1;
  play() {
    if (this.paused) {
      this.paused = false;
      this.later("play");
    }
    return Promise.resolve();
  }
  pause() {
    if (!this.paused) {
      this.paused = true;
      this.later("pause");
    }
  }
  later(type: string) {
    setTimeout(() => this.dispatchEvent(new Event(type)), 0);
  }
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 5));

const unlinks: (() => void)[] = [];
function pair() {
  const leader = new FakeVideo();
  const follower = new FakeVideo();
  const unlink = linkClocks(leader as unknown as HTMLVideoElement, follower as unknown as HTMLVideoElement);
  unlinks.push(unlink);
  return { leader, follower, unlink, lead: leader as unknown as HTMLVideoElement };
}
afterEach(() => unlinks.splice(0).forEach((unlink) => unlink()));

beforeAll(() => {
  globalThis.requestAnimationFrame = (cb: FrameRequestCallback) => setTimeout(() => cb(0), 1) as unknown as number;
  globalThis.cancelAnimationFrame = (id: number) => clearTimeout(id);
});

describe("compare's linked players", () => {
  it("plays and pauses the follower with the leader, and puts a paused follower on the leader's frame", async () => {
    const { leader, follower, lead, unlink } = pair();
    togglePlayback(lead);
    await settle();
    expect([leader.paused, follower.paused]).toEqual([false, false]);
    leader.currentTime = 2;
    follower.currentTime = 1.95;
    togglePlayback(lead);
    await settle();
    expect([leader.paused, follower.paused]).toEqual([true, true]);
    expect(follower.currentTime).toBe(2);
    unlink();
  });

  it("holds the leader while the follower buffers, still meaning to play, and goes on when it can", async () => {
    const { leader, follower, lead, unlink } = pair();
    togglePlayback(lead);
    await settle();
    follower.dispatchEvent(new Event("waiting"));
    await settle();
    expect(leader.paused).toBe(true);
    expect(meansToPlay(lead)).toBe(true);
    follower.dispatchEvent(new Event("canplay"));
    await settle();
    expect([leader.paused, follower.paused]).toEqual([false, false]);
    unlink();
  });

  it("a Pause during a hold ends it: neither starts again when the follower catches up", async () => {
    const { leader, follower, lead, unlink } = pair();
    togglePlayback(lead);
    await settle();
    follower.dispatchEvent(new Event("waiting"));
    togglePlayback(lead);
    await settle();
    expect(meansToPlay(lead)).toBe(false);
    follower.dispatchEvent(new Event("canplay"));
    await settle();
    expect([leader.paused, follower.paused]).toEqual([true, true]);
    // And Play after it plays both.
    togglePlayback(lead);
    await settle();
    expect([leader.paused, follower.paused]).toEqual([false, false]);
    unlink();
  });

  it("a follower that stalls while paused holds nothing", async () => {
    const { leader, lead, follower, unlink } = pair();
    follower.dispatchEvent(new Event("waiting"));
    follower.dispatchEvent(new Event("canplay"));
    await settle();
    expect(leader.paused).toBe(true);
    expect(meansToPlay(lead)).toBe(false);
    unlink();
  });
});
