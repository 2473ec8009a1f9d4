// The public gallery's two grids and its play order. "Featured films" is the showcase (or, without
// one, the first three films); "All films" lists every film of the gallery once, featured ones
// included (they were left out of it), and is shown only when it holds more than the featured grid.
// Playing goes through the featured films first, then the others (spec: showcase videos first).

const FEATURED_WITHOUT_SHOWCASE = 3;

export function gallerySections<V extends { _id: string }>(showcase: V[], videos: V[]): { featured: V[]; all: V[]; order: V[] } {
  const featured = showcase.length > 0 ? showcase : videos.slice(0, FEATURED_WITHOUT_SHOWCASE);
  const rest = videos.filter((v) => !featured.some((f) => f._id === v._id));
  return { featured, all: rest.length > 0 ? videos : [], order: [...featured, ...rest] };
}
