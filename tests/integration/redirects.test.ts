// next-auth's callbackUrl (sign-in, sign-out) lands only on paths of this app (issue 17 #11).
import { authOptions } from "@/lib/auth/options";

const base = "http://localhost:3000";
const redirect = (url: string) => authOptions().callbacks!.redirect!({ url, baseUrl: base });

describe("next-auth's redirect callback", () => {
  it.each([
    "//evil.example",
    "/%09/evil.example",
    "/%0a/evil.example",
    "/\\evil.example",
    "https://evil.example/x",
    "https:evil.example",
    "javascript:alert(1)",
    `${base}.evil.example/x`,
    "http://localhost:3001/x",
    "/%2F%2Fevil.example",
  ])("sends %p home", async (url) => expect(await redirect(url)).toBe(`${base}/`));

  it.each([
    ["/login", `${base}/login`],
    [`${base}/studio/galleries?folder=x`, `${base}/studio/galleries?folder=x`],
    ["/vidfolio-superadmin/login", `${base}/vidfolio-superadmin/login`],
  ])("keeps %p", async (url, to) => expect(await redirect(url)).toBe(to));
});
