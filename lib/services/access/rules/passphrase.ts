// Passphrases for gallery passwords: four words from a list of 240, picked uniformly with the
// browser's (or Node's) cryptographic random numbers. 240^4 ≈ 3.3·10^9 possibilities — with the
// unlock door's throttle (a few guesses a minute per gallery) far out of reach — and easy to read
// out to a client over the phone. Pure: safe in client code.
// A word list reads best as a block, not one word a line:
// prettier-ignore
const WORDS = [
  "acorn", "actor", "album", "amber", "anchor", "apple", "april", "arrow", "atlas", "attic", "autumn",
  "bagel", "bamboo", "banjo", "barley", "basket", "beacon", "beaver", "berry", "bicycle", "birch", "biscuit",
  "blanket", "blossom", "bonfire", "bottle", "breeze", "bridge", "brook", "bubble", "bucket", "buffalo",
  "butter", "button", "cabin", "cactus", "camel", "candle", "canoe", "canyon", "carpet", "carrot", "castle",
  "cedar", "cello", "chalk", "cherry", "chess", "chimney", "circus", "clover", "cobalt", "coconut", "comet",
  "compass", "copper", "coral", "cotton", "cricket", "crystal", "cupcake", "dancer", "daisy", "delta",
  "desert", "dolphin", "dragon", "drum", "eagle", "echo", "ember", "emerald", "engine", "falcon", "feather",
  "fern", "ferry", "fiddle", "field", "fig", "flame", "flute", "forest", "fossil", "fountain", "fox",
  "galaxy", "garden", "garlic", "geyser", "ginger", "glacier", "globe", "goose", "grape", "gravel", "guitar",
  "hammock", "harbor", "harvest", "hazel", "hedge", "heron", "honey", "horizon", "island", "ivory", "jacket",
  "jasmine", "jelly", "jigsaw", "jungle", "kayak", "kettle", "kiwi", "koala", "ladder", "lagoon", "lantern",
  "lemon", "lilac", "lily", "lizard", "llama", "lobster", "locket", "lotus", "lucky", "magnet", "mango",
  "maple", "marble", "meadow", "melon", "meteor", "mint", "mirror", "mitten", "monkey", "moose", "mosaic",
  "muffin", "nectar", "needle", "nutmeg", "oasis", "ocean", "olive", "onion", "orbit", "orchid", "otter",
  "owl", "paddle", "panda", "paper", "parrot", "peach", "pebble", "pepper", "piano", "pickle", "pillow",
  "pine", "planet", "plum", "pocket", "pony", "poppy", "prairie", "pretzel", "puffin", "pumpkin", "puzzle",
  "quartz", "quill", "rabbit", "radish", "rainbow", "raven", "reef", "ribbon", "river", "robin", "rocket",
  "rose", "ruby", "saddle", "saffron", "sailor", "salmon", "sandal", "sapphire", "satin", "scarf", "seagull",
  "shadow", "shell", "silver", "sketch", "sleigh", "slipper", "snowman", "sparrow", "spice", "spruce",
  "squirrel", "starfish", "stone", "summer", "sunset", "swan", "tango", "teapot", "thistle", "thunder",
  "tiger", "timber", "tomato", "topaz", "tractor", "trumpet", "tulip", "tundra", "turtle", "valley",
  "velvet", "violet", "violin", "walnut", "walrus", "wave", "whale", "willow", "window", "winter", "wizard",
  "yacht", "zebra", "zephyr",
] as const;

export const PASSPHRASE_WORDS = WORDS.length;

/** A uniform index below n, from 32-bit random values (rejection sampling: no modulo bias). */
function uniform(n: number, random: (values: Uint32Array) => Uint32Array): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const buf = new Uint32Array(1);
  for (;;) {
    const v = random(buf)[0];
    if (v < limit) return v % n;
  }
}

export function generatePassphrase(words = 4, random = (values: Uint32Array) => globalThis.crypto.getRandomValues(values)): string {
  return Array.from({ length: words }, () => WORDS[uniform(WORDS.length, random)]).join("-");
}
