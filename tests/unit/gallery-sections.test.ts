import { gallerySections } from "@/lib/services/public/rules/gallery-sections";

const films = (...ids: string[]) => ids.map((_id) => ({ _id }));
const ids = (list: { _id: string }[]) => list.map((v) => v._id);
/** Every film of the page's grids, featured and others together. */
const shown = ({ featured, others }: { featured: { _id: string }[]; others: { _id: string }[] }) => [...ids(featured), ...ids(others)];

describe("the public gallery's grids: each film once (issue 57 item 1)", () => {
  it("features nothing without a Show Case: four films are one list, each once", () => {
    const sections = gallerySections([], films("a", "b", "c", "d"));
    expect(ids(sections.featured)).toEqual([]);
    expect(ids(sections.others)).toEqual(["a", "b", "c", "d"]);
    expect(shown(sections)).toEqual(["a", "b", "c", "d"]);
    expect(ids(sections.order)).toEqual(["a", "b", "c", "d"]);
  });

  it("features the Show Case only, and All films lists the films not featured", () => {
    const one = gallerySections(films("c"), films("a", "b", "c", "d"));
    expect(ids(one.featured)).toEqual(["c"]);
    expect(ids(one.others)).toEqual(["a", "b", "d"]);
    const two = gallerySections(films("e", "b"), films("a", "b", "c", "d", "e"));
    expect(ids(two.featured)).toEqual(["e", "b"]);
    expect(ids(two.others)).toEqual(["a", "c", "d"]);
    // Playing starts with the showcase in its order, then the others, each once.
    expect(ids(two.order)).toEqual(["e", "b", "a", "c", "d"]);
  });

  it("shows each film once whatever the Show Case holds", () => {
    // Every film showcased: no second list.
    expect(gallerySections(films("b", "a"), films("a", "b")).others).toEqual([]);
    expect(gallerySections([], [])).toEqual({ featured: [], others: [], order: [] });
  });
});
