import { POST as validate } from "@/app/api/validate-password/route";
import { POST as updateProfileRoute } from "@/app/api/update-profile/route";
import { PUT as adminUpdate } from "@/app/api/admin/admin-update/[id]/route";
import { POST as presign } from "@/app/api/products/generate-presigned-url/route";
import { GET as adminDetails } from "@/app/api/admin/admin-details/route";
import { db } from "@/lib/db";
import { TEXTS } from "@/lib/texts";
import { verifyPassword } from "@/lib/auth/password";
import { listKeys } from "@/lib/storage/objects";
import { sanitizeFileName } from "@/lib/storage/keys";
import { createStudio, TEST_PASSWORD } from "../helpers/factories";
import { bearerFor, call, request, sessionCookieFor } from "../helpers/requests";
import { makePng } from "../helpers/png";

describe("profile", () => {
  it("validates only the caller's own current password", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const check = async (email: string, password: string) => (await (await call(validate, request("POST", "/x", { token, body: { email, password } }))).json()).valid;
    expect(await check(studio.email, TEST_PASSWORD)).toBe(true);
    expect(await check(studio.email, "wrong")).toBe(false);
    const other = await createStudio();
    expect(await check(other.email, TEST_PASSWORD)).toBe(false);
  });

  it("refuses a wrong current password with the spec's message and changes nothing", async () => {
    const studio = await createStudio();
    const res = await call(
      updateProfileRoute,
      request("POST", "/x", { token: await bearerFor(studio), body: { name: "X", email: studio.email, currentPassword: "nope", newPassword: "new-password-1" } }),
    );
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(TEXTS.currentPasswordIncorrect);
    expect((await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).name).toBe(studio.name);
  });

  it("changes name, email and password, and ends the account's other sessions", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const cookie = await sessionCookieFor(studio);
    const email = `renamed-${studio.id.slice(0, 6)}@example.test`;
    const res = await call(updateProfileRoute, request("POST", "/x", { token, body: { name: "Renamed", email, currentPassword: TEST_PASSWORD, newPassword: "brand-new-pass" } }));
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ message: TEXTS.profileUpdated, passwordChanged: true, admin: { name: "Renamed", email } });
    const after = await db.admin.findUniqueOrThrow({ where: { id: studio.id } });
    expect(await verifyPassword(after.passwordHash, "brand-new-pass")).toBe(true);
    expect((await call(adminDetails, request("GET", "/x", { token }))).status).toBe(401);
    expect((await call(adminDetails, request("GET", "/x", { cookie }))).status).toBe(401);
  });

  it("keeps sessions when only the name changes, and refuses a taken email", async () => {
    const studio = await createStudio();
    const other = await createStudio();
    const token = await bearerFor(studio);
    const ok = await call(updateProfileRoute, request("POST", "/x", { token, body: { name: "Just a name", email: studio.email, currentPassword: TEST_PASSWORD, newPassword: "" } }));
    expect(ok.status).toBe(200);
    expect((await call(adminDetails, request("GET", "/x", { token }))).status).toBe(200);
    const taken = await call(updateProfileRoute, request("POST", "/x", { token, body: { name: "x", email: other.email, currentPassword: TEST_PASSWORD } }));
    expect(taken.status).toBe(409);
  });
});

describe("branding through PUT /api/admin/admin-update/:id", () => {
  const put = (id: string, obj: unknown, token: string) => call(adminUpdate, request("PUT", "/x", { body: { obj }, token }), { id });

  it("updates the studio's own company name, website and social links (https:// added)", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const res = await put(
      studio.id,
      { companyName: "Aurora Films", websiteUrl: "aurora.example", socialLinks: { youtube: "youtube.com/@aurora", instagram: "https://www.instagram.com/aurora", facebook: "" } },
      token,
    );
    expect(res.status).toBe(200);
    expect((await res.json()).admin).toMatchObject({
      companyName: "Aurora Films",
      websiteUrl: "https://aurora.example",
      socialLinks: { youtube: "https://youtube.com/@aurora", instagram: "https://www.instagram.com/aurora", facebook: "" },
    });
  });

  it("refuses a link on the wrong host, other fields, and another studio's account", async () => {
    const studio = await createStudio({ creditsMb: 1 });
    const token = await bearerFor(studio);
    const wrongHost = await put(studio.id, { socialLinks: { youtube: "https://evil.example/watch" } }, token);
    expect(wrongHost.status).toBe(400);
    expect((await wrongHost.json()).message).toBe("Enter a YouTube link (youtube.com/…).");
    expect((await put(studio.id, { socialLinks: { facebook: "javascript:alert(1)" } }, token)).status).toBe(400);
    expect((await put(studio.id, { credits: 999999 }, token)).status).toBe(400);
    expect((await put(studio.id, { plan: "Pro" }, token)).status).toBe(400);
    const other = await createStudio();
    // Another account's id is a 404, as every door that takes the caller's own account answers (never a 403 that confirms it exists).
    expect((await put(other.id, { companyName: "Hijacked" }, token)).status).toBe(404);
    expect((await db.admin.findUniqueOrThrow({ where: { id: other.id } })).companyName).toBe(other.companyName);
    expect((await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).creditBytes).toBe(studio.creditBytes);
  });

  async function upload(token: string, fileName: string, body: Buffer, fileType = "image/png") {
    const query = new URLSearchParams({ folderPath: "assets", fileName, fileType, fileSize: String(body.length) });
    const res = await call(presign, request("POST", `/api/products/generate-presigned-url?${query}`, { token }));
    expect(res.status).toBe(200);
    const { upload_url, fileName: key } = await res.json();
    const put = await fetch(upload_url, { method: "PUT", body: new Uint8Array(body), headers: { "content-type": fileType } });
    expect(put.status).toBe(200);
    return key as string;
  }

  it("accepts a logo of 500×500 or more and a favicon of 32×32 or more, checked by decoding, and replaces old files", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const logo = await upload(token, "My Logo (final).png", makePng(600, 520));
    expect(logo.startsWith(`${studio.id}/assets/`)).toBe(true);
    expect(logo.endsWith("_MyLogofinal.png")).toBe(true);
    const res = await put(studio.id, { companyLogoUrl: logo }, token);
    expect(res.status).toBe(200);
    // The answer gives the stored key back as a signed, expiring address (the store is private).
    const url = new URL((await res.json()).admin.companyLogoUrl);
    expect(decodeURIComponent(url.pathname)).toBe(`/${process.env.S3_BUCKET}/${logo}`);
    expect(url.searchParams.get("X-Amz-Signature")).toMatch(/^[0-9a-f]{64}$/);
    expect((await fetch(url)).status).toBe(200);

    const favicon = await upload(token, "fav.png", makePng(32, 32));
    expect((await put(studio.id, { companyFaviconUrl: favicon }, token)).status).toBe(200);

    const logo2 = await upload(token, "logo2.png", makePng(500, 500));
    expect((await put(studio.id, { companyLogoUrl: logo2 }, token)).status).toBe(200);
    expect((await listKeys(`${studio.id}/assets/`)).sort()).toEqual([favicon, logo2].sort());

    expect((await put(studio.id, { companyLogoUrl: null }, token)).status).toBe(200);
    expect(await listKeys(`${studio.id}/assets/`)).toEqual([favicon]);
  });

  it.each([
    ["a logo smaller than 500×500", "companyLogoUrl", () => makePng(499, 800), "The logo must be at least 500×500 pixels."],
    ["a favicon smaller than 32×32", "companyFaviconUrl", () => makePng(16, 16), "The favicon must be at least 32×32 pixels."],
    ["a favicon over 1 MB", "companyFaviconUrl", () => Buffer.concat([makePng(64, 64), Buffer.alloc(1024 * 1024 + 10)]), "The favicon may be at most 1 MB."],
    ["text pretending to be a PNG", "companyLogoUrl", () => Buffer.from("<svg onload=alert(1)></svg>".padEnd(2000, " ")), "The logo is not a PNG, JPEG or WebP image."],
  ])("refuses %s, deletes the file and keeps the old one", async (_name, field, body, message) => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const key = await upload(token, "bad.png", body());
    const res = await put(studio.id, { [field]: key }, token);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
    expect(await listKeys(key)).toEqual([]);
    expect((await db.admin.findUniqueOrThrow({ where: { id: studio.id } }))[field as "companyLogoUrl"]).toBeNull();
  });

  it("refuses a key outside the studio's own assets and a path trick", async () => {
    const studio = await createStudio();
    const other = await createStudio();
    const token = await bearerFor(studio);
    const foreign = await upload(await bearerFor(other), "logo.png", makePng(600, 600));
    for (const key of [foreign, `${studio.id}/assets/../${other.id}/assets/x.png`, `${studio.id}/folder/x.png`]) {
      const res = await put(studio.id, { companyLogoUrl: key }, token);
      expect(res.status).toBe(400);
    }
  });

  it("presigns only images into assets, with the key built by the server", async () => {
    const studio = await createStudio();
    const token = await bearerFor(studio);
    const ask = (q: Record<string, string>) => call(presign, request("POST", `/api/products/generate-presigned-url?${new URLSearchParams({ fileSize: "1000", ...q })}`, { token }));
    expect((await ask({ folderPath: "assets", fileName: "x.exe", fileType: "application/x-msdownload" })).status).toBe(400);
    expect((await ask({ folderPath: "assets", fileName: "song.mp3", fileType: "audio/mpeg" })).status).toBe(400);
    expect((await ask({ folderPath: "../other", fileName: "a.png", fileType: "image/png" })).status).toBe(400);
    const ok = await (await ask({ folderPath: "assets", fileName: "../../etc/passwd.png", fileType: "image/png" })).json();
    expect(ok.fileName).toMatch(new RegExp(`^${studio.id}/assets/[a-z0-9]+_etcpasswd\\.png$`));
  });

  it("sanitizes file names as the spec says", () => {
    expect(sanitizeFileName("My Wedding Film (v2)!.mp4")).toBe("MyWeddingFilmv2.mp4");
    expect(sanitizeFileName("first dance.mp3", { audio: true })).toBe("first_dance.mp3");
    expect(sanitizeFileName("../../x")).toBe("x");
  });
});
