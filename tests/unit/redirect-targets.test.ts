// Every place that redirects to (or links to) a target taken from the request — `?return=`,
// `?callbackUrl=`, … — goes through safeRedirectPath (lib/routes.ts). Found from the code: a new
// page or component reading such a parameter without it fails here.
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(__dirname, "../..");
const DIRS = ["app", "components", "lib", "pages", "proxy.ts"];
const NAMES = "return|returnTo|returnUrl|callbackUrl|redirect|redirectTo|redirectUrl|next|continue|dest|destination";
const READS_TARGET = new RegExp(`get\\(\\s*["'](?:${NAMES})["']\\s*\\)|(?:searchParams\\)?|query|body)\\.(?:${NAMES})\\b|searchParams: Promise<\\{[^}]*\\b(?:${NAMES})\\??:`);

function files(p: string): string[] {
  const abs = path.join(ROOT, p);
  if (!fs.existsSync(abs)) return [];
  if (fs.statSync(abs).isFile()) return [p];
  return fs.readdirSync(abs, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(p, e.name)) : /\.(ts|tsx)$/.test(e.name) ? [path.join(p, e.name)] : []));
}

describe("user-supplied redirect targets", () => {
  const readers = DIRS.flatMap(files).filter((f) => READS_TARGET.test(fs.readFileSync(path.join(ROOT, f), "utf8")));

  it("are found (the billing page's ?return=, the sign-in page's ?callbackUrl= and its form's field)", () => {
    expect(readers).toEqual(
      expect.arrayContaining([path.join("app", "(app)", "checkout", "test", "billing", "page.tsx"), path.join("lib", "auth", "sign-in-page.ts"), path.join("lib", "auth", "sign-in-door.ts")]),
    );
  });

  it.each(
    DIRS.flatMap(files)
      .filter((f) => READS_TARGET.test(fs.readFileSync(path.join(ROOT, f), "utf8")))
      .map((f) => [f]),
  )("%s checks them with safeRedirectPath", (file) => {
    expect(fs.readFileSync(path.join(ROOT, file), "utf8")).toMatch(/\bsafeRedirectPath\(/);
  });

  it("next-auth's own callbackUrl goes through a redirect callback that uses it", () => {
    const source = fs.readFileSync(path.join(ROOT, "lib/auth/options.ts"), "utf8");
    expect(source).toMatch(/async redirect\(\{ url, baseUrl \}\)[\s\S]{0,400}safeRedirectPath\(/);
  });
});
