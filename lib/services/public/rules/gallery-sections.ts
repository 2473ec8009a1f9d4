// The public gallery's grids and its play order. Each film appears once:
// "Featured films" is what the studio put in the Show Case, nothing else; "All films" lists the
// films not featured (none: no such grid). With an empty Show Case the gallery is one list, under
// All films.
// Playing goes through the featured films first, then the others (spec: showcase videos first).

export function gallerySections<V extends { _id: string }>(showcase: V[], videos: V[]): { featured: V[]; others: V[]; order: V[] } {
  const others = videos.filter((v) => !showcase.some((s) => s._id === v._id));
  return { featured: showcase, others, order: [...showcase, ...others] };
}
