// The super admin's credits field (issue 19, item 10): the table shows credits rounded to two
// decimals, so typing the shown value back — however it is written — must change nothing; any other
// value is sent exactly.
import { changes, type Draft } from "@/components/admin/client-table";
import { adminCreditUnitsToMb, formatAdminCreditUnits } from "@/lib/format";

const draft = (creditUnits: string): Draft => ({
  name: "N",
  companyName: "C",
  email: "e@x.test",
  websiteUrl: "",
  companySize: "",
  mediaType: [],
  jobType: "",
  numberOfClients: "",
  status: "Active",
  plan: "Pro",
  role: "admin",
  creditUnits,
});

it("typing the shown value back sends no credits, whatever the balance behind the rounding", () => {
  // 12,839 MB is 2.5076… credits, shown as 2.51.
  const shown = formatAdminCreditUnits(12839);
  expect(shown).toBe("2.51");
  for (const typed of ["2.51", "2.510", " 2.51 ", "02.51"]) expect(changes(draft(shown), draft(typed))).toEqual({});
});

it("another value is sent exactly, in MB", () => {
  expect(changes(draft("2.51"), draft("2.5"))).toEqual({ credits: adminCreditUnitsToMb(2.5) });
  expect(changes(draft("2.51"), draft("0"))).toEqual({ credits: 0 });
  expect(changes(draft("2.51"), draft("3"))).toEqual({ credits: 15360 });
});
