import { gallerySections } from "@/lib/services/public/rules/gallery-sections";

const films = (...ids: string[]) => ids.map((_id) => ({ _id }));
const ids = (list: { _id: string }[]) => list.map((v) => v._id);

describe("the public gallery's grids", () => {
  it("lists every film once under All films, the featured (showcase) ones included", () => {
    const { featured, all, order } = gallerySections(films("c", "e"), films("a", "b", "c", "d", "e"));
    expect(ids(featured)).toEqual(["c", "e"]);
    expect(ids(all)).toEqual(["a", "b", "c", "d", "e"]);
    // Playing starts with the showcase, then the others, each once.
    expect(ids(order)).toEqual(["c", "e", "a", "b", "d"]);
  });

  it("features the first three films without a showcase, and All films still lists all of them", () => {
    const { featured, all, order } = gallerySections([], films("a", "b", "c", "d"));
    expect(ids(featured)).toEqual(["a", "b", "c"]);
    expect(ids(all)).toEqual(["a", "b", "c", "d"]);
    expect(ids(order)).toEqual(["a", "b", "c", "d"]);
  });

  it("shows no All films grid when the featured grid already holds every film", () => {
    expect(gallerySections([], films("a", "b")).all).toEqual([]);
    expect(gallerySections(films("b", "a"), films("a", "b")).all).toEqual([]);
    expect(gallerySections([], []).all).toEqual([]);
  });
});
