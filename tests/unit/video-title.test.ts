import { titleFromFileName, UNTITLED_VIDEO } from "@/lib/services/films/rules/video-title";

describe("a film's default title from its file name", () => {
  it.each([
    ["our_wedding-day.mp4", "Our Wedding Day"],
    ["ourWeddingDay.mp4", "Our Wedding Day"],
    ["OurWeddingDay.mp4", "Our Wedding Day"],
    ["our-wedding-day.MP4", "Our Wedding Day"],
    ["our.wedding.day.mkv", "Our Wedding Day"],
    ["emma_and_james__first-dance.mp4", "Emma and James First Dance"],
    ["the_end_of.mp4", "The End Of"],
    ["OUR_WEDDING.MP4", "Our Wedding"],
    ["DJI_0042.mp4", "DJI 0042"],
    ["IMG_0042_FINAL_CUT.mov", "Img 0042 Final Cut"],
    ["clip-1.mp4", "Clip 1"],
    ["2nd_dance.mp4", "2nd Dance"],
    ["2025.06.14_ceremony.mp4", "2025.06.14 Ceremony"],
    ["HTMLExport.mp4", "HTML Export"],
    ["свадьба_анны.mp4", "Свадьба Анны"],
    ["été_2025-à_nice.mp4", "Été 2025 À Nice"],
    ["結婚式_ハイライト.mp4", "結婚式 ハイライト"],
    ["ceremony", "Ceremony"],
    [".mp4", UNTITLED_VIDEO],
    ["___.mp4", UNTITLED_VIDEO],
  ])("%s → %s", (name, title) => {
    expect(titleFromFileName(name)).toBe(title);
  });

  // Issue 57 item 8: a name with spaces was typed by a person: only its extension goes.
  it.each([
    ["Ceremony - Anna & Ben.mp4", "Ceremony - Anna & Ben"],
    ["our wedding day.mov", "our wedding day"],
    ["highlights v1.2.mp4", "highlights v1.2"],
    ["Our Wedding (final).mp4", "Our Wedding (final)"],
    ["Été à Nice — l’après-midi.MOV", "Été à Nice — l’après-midi"],
    ["OUR WEDDING.MP4", "OUR WEDDING"],
    ["  Speeches_and toasts .mp4", "Speeches_and toasts"],
    ["First\tDance.mp4", "First Dance"],
  ])("%s → %s (as typed)", (name, title) => {
    expect(titleFromFileName(name)).toBe(title);
  });

  it("composes a name typed on a Mac (decomposed accents) as one text", () => {
    expect(titleFromFileName("Cérémonie à Nice.mp4".normalize("NFD"))).toBe("Cérémonie à Nice".normalize("NFC"));
  });

  it("keeps titles within 200 characters", () => {
    expect(titleFromFileName(`${"long day ".repeat(40)}.mp4`)).toHaveLength(200);
    expect(titleFromFileName(`${"long_".repeat(100)}.mp4`)).toHaveLength(199);
  });
});
