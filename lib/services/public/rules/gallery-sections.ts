// The public gallery's grids and its play order. Each film appears once (issue 57 item 1):
// "Featured films" is what the studio put in the Show Case, nothing else; "All films" lists the
// films not featured. With an empty Show Case (or one holding every film) the gallery is one list.
// Playing goes through the featured films first, then the others (spec: showcase videos first).

export function gallerySections<V extends { _id: string }>(showcase: V[], videos: V[]): { featured: V[]; others: V[]; order: V[] } {
  const featured = showcase.filter((s, i) => showcase.findIndex((f) => f._id === s._id) === i);
  const others = videos.filter((v) => !featured.some((f) => f._id === v._id));
  return { featured, others, order: [...featured, ...others] };
}
