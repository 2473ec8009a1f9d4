import { POST as register } from "@/app/api/admin/register/route";
import { POST as sentMail } from "@/app/api/users/sentMail/route";
import { PUT as adminUpdate } from "@/app/api/admin/admin-update/[id]/route";
import { db } from "@/lib/db";
import { sendMail } from "@/lib/mail";
import { registrationReceived } from "@/lib/mail/templates";
import { TEXTS } from "@/lib/texts";
import { verifyPassword } from "@/lib/auth/password";
import { createStudio, createSuperadmin } from "../helpers/factories";
import { bearerFor, call, request } from "../helpers/requests";
import { startStandIn } from "../helpers/http-stand-in";

let n = 0;
function signup(overrides: Record<string, unknown> = {}) {
  n += 1;
  return {
    name: "Ada Films",
    email: `signup-${Date.now()}-${n}@example.test`,
    password: "long-enough-pw",
    companyName: "Ada Films LLC",
    websiteUrl: "adafilms.example",
    companySize: "2-5",
    mediaType: ["Weddings & Life-Events", "Real Estate"],
    jobType: "Video + Photo(Hybrid)",
    numberOfClients: "11-50",
    projectSize: "25-50GB",
    deliveryType: ["USB", "Dropbox"],
    heardOption: "Friend or Family",
    ...overrides,
  };
}

const post = (body: unknown) => call(register, request("POST", "/api/admin/register", { body }));

describe("POST /api/admin/register", () => {
  it("creates a Not Active studio with no plan and 0 credits, and mails the confirmation", async () => {
    const body = signup();
    const res = await post(body);
    expect(res.status).toBe(201);
    expect(await res.json()).toEqual({ user: { name: "Ada Films", email: body.email }, message: TEXTS.registrationSuccess });

    const admin = await db.admin.findUniqueOrThrow({ where: { email: body.email } });
    expect(admin).toMatchObject({
      status: "NOT_ACTIVE",
      plan: "NO_PLAN",
      role: "admin",
      creditBytes: BigInt(0),
      websiteUrl: "https://adafilms.example",
      mediaType: ["Weddings & Life-Events", "Real Estate"],
      deliveryType: ["USB", "Dropbox"],
      heardOption: "Friend or Family",
    });
    expect(await verifyPassword(admin.passwordHash, "long-enough-pw")).toBe(true);

    const mail = await db.mailMessage.findFirstOrThrow({ where: { to: body.email } });
    expect(mail.subject).toBe("Submission Received – Review in Progress");
    expect(mail.status).toBe("SENT");
    expect(mail.provider).toBe("outbox");
    expect(mail.text).toContain("48 hours");
  });

  it("accepts a sign-up without heardOption", async () => {
    const { heardOption: _omit, ...body } = signup();
    expect((await post(body)).status).toBe(201);
  });

  it("answers a taken email exactly as a new one (no 409 to test addresses with), and mails its owner instead", async () => {
    const owner = await createStudio();
    const mailsBefore = await db.mailMessage.count({ where: { to: owner.email } });
    const taken = signup({ email: owner.email.toUpperCase(), name: "Someone Else" });
    const fresh = signup({ name: "Someone Else" });
    const [a, b] = [await post(taken), await post(fresh)];
    expect([a.status, b.status]).toEqual([201, 201]);
    const [ja, jb] = [await a.json(), await b.json()];
    expect(ja).toEqual({ user: { name: "Someone Else", email: owner.email }, message: TEXTS.registrationSuccess });
    expect(Object.keys(ja)).toEqual(Object.keys(jb));
    // The owner's account is untouched; the owner is told someone tried.
    const after = await db.admin.findUniqueOrThrow({ where: { id: owner.id } });
    expect(after).toEqual(owner);
    const notices = await db.mailMessage.findMany({ where: { to: owner.email, createdAt: { gt: owner.createdAt } } });
    expect(notices.length).toBe(mailsBefore + 1);
    expect(notices.at(-1)!.subject).toBe("Someone tried to sign up with your email address");
    // Another try within the hour answers the same and mails nothing more (no inbox flooding).
    expect((await post(taken)).status).toBe(201);
    expect(await db.mailMessage.count({ where: { to: owner.email } })).toBe(mailsBefore + 1);
  });

  it("a double submit creates one account and answers both alike", async () => {
    const body = signup();
    const [a, b] = await Promise.all([post(body), post({ ...body, email: body.email.toUpperCase() })]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect(await db.admin.count({ where: { email: body.email } })).toBe(1);
    // The confirmation just went out: no "someone tried" notice to the person who signed up.
    expect((await db.mailMessage.findMany({ where: { to: body.email } })).map((m) => m.subject)).toEqual(["Submission Received – Review in Progress"]);
  });

  it("puts nothing the form carries into the mails it sends (anyone can sign up with anyone's address)", async () => {
    const bait = "Claim your prize at https://evil.example/now";
    const body = signup({ name: bait, companyName: bait, websiteUrl: "evil.example" });
    expect((await post(body)).status).toBe(201);
    const owner = await createStudio();
    expect((await post(signup({ email: owner.email, name: bait, companyName: bait }))).status).toBe(201);
    for (const to of [body.email, owner.email]) {
      const mail = await db.mailMessage.findFirstOrThrow({ where: { to }, orderBy: { createdAt: "desc" } });
      for (const part of [mail.subject, mail.html, mail.text]) {
        expect(part).not.toContain("evil.example");
        expect(part).not.toContain("prize");
      }
    }
  });

  it.each([
    ["name", { name: "  " }, "Name is required."],
    ["email", { email: "nope" }, "Enter a valid email address."],
    ["password", { password: "short" }, "Password must be at least 8 characters."],
    ["company", { companyName: "" }, "Company name is required."],
    ["website", { websiteUrl: "" }, "Website is required."],
    ["client count", { numberOfClients: "1000+" }, "Choose a number of clients."],
    ["company size", { companySize: "Huge" }, "Choose a company size."],
    ["unknown media type", { mediaType: ["Cats"] }, "Choose valid media type."],
  ])("refuses a missing or bad %s with 400 and creates nothing", async (_field, override, message) => {
    const body = signup(override);
    const res = await post(body);
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(message);
    expect(await db.admin.count({ where: { email: String(body.email).toLowerCase() } })).toBe(0);
  });
});

describe("the questions about the studio", () => {
  it("are not required at sign-up (spec §5: only name, email, password, company and website); the studio answers them later in Company Setting", async () => {
    const body = { name: "Lumen", email: `later-${Date.now()}@example.test`, password: "lumen-password-1", companyName: "Lumen Ltd", websiteUrl: "lumen.example" };
    expect((await post(body)).status).toBe(201);
    const studio = await db.admin.findUniqueOrThrow({ where: { email: body.email } });
    expect(studio).toMatchObject({ companySize: "", mediaType: [], jobType: "", numberOfClients: "", projectSize: "", deliveryType: [], heardOption: null });

    const active = await db.admin.update({ where: { id: studio.id }, data: { status: "ACTIVE" } });
    const token = await bearerFor(active);
    const update = (obj: unknown) => call(adminUpdate, request("PUT", `/api/admin/admin-update/${studio.id}`, { token, body: { obj } }), { id: studio.id });
    expect((await update({ companySize: "2-5", mediaType: ["Real Estate", "Real Estate"], deliveryType: ["USB"], heardOption: "Google" })).status).toBe(200);
    expect(await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).toMatchObject({ companySize: "2-5", mediaType: ["Real Estate"], deliveryType: ["USB"], heardOption: "Google", jobType: "" });
    // Left out: unchanged; a bad answer: a 400 that changes nothing.
    expect((await update({ jobType: "Video only" })).status).toBe(200);
    const bad = await update({ companySize: "Huge", jobType: "" });
    expect(bad.status).toBe(400);
    expect(await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).toMatchObject({ companySize: "2-5", jobType: "Video only", mediaType: ["Real Estate"] });
    expect((await update({ heardOption: "" })).status).toBe(200);
    expect((await db.admin.findUniqueOrThrow({ where: { id: studio.id } })).heardOption).toBeNull();
  });
});

describe("POST /api/users/sentMail", () => {
  const mail = { to: "client@example.test", subject: "Hello", html: "<p>Hi <b>there</b></p>" };

  it("is refused without credentials and to a studio, and sends nothing", async () => {
    const before = await db.mailMessage.count({ where: { subject: "Hello relay" } });
    const studio = await createStudio();
    const body = { ...mail, subject: "Hello relay" };
    expect((await call(sentMail, request("POST", "/api/users/sentMail", { body }))).status).toBe(401);
    expect((await call(sentMail, request("POST", "/api/users/sentMail", { body, token: await bearerFor(studio) }))).status).toBe(403);
    expect(await db.mailMessage.count({ where: { subject: "Hello relay" } })).toBe(before);
  });

  it("lets a super admin send, with a plain-text alternative, and audits it", async () => {
    const sa = await createSuperadmin();
    const res = await call(sentMail, request("POST", "/api/users/sentMail", { body: mail, token: await bearerFor(sa) }));
    expect(res.status).toBe(200);
    const { id } = await res.json();
    const row = await db.mailMessage.findUniqueOrThrow({ where: { id } });
    // The super admin's HTML inside Vidfolio's mail layout, and its words in the plain text.
    expect(row.html).toContain("<p>Hi <b>there</b></p>");
    expect(row.html).toMatch(/^<!DOCTYPE html/i);
    expect(row.text).toContain("Hi there");
    expect(row.text).not.toMatch(/<[a-z]/i);
    expect(await db.auditLog.count({ where: { actorId: sa.id, action: "mail.send" } })).toBe(1);
  });
});

describe("mail through Resend", () => {
  const saved = { key: process.env.RESEND_API_KEY, url: process.env.RESEND_BASE_URL };
  afterEach(() => {
    process.env.RESEND_API_KEY = saved.key;
    process.env.RESEND_BASE_URL = saved.url;
    if (saved.key === undefined) delete process.env.RESEND_API_KEY;
    if (saved.url === undefined) delete process.env.RESEND_BASE_URL;
  });

  /** Runs `fn` with Resend chosen and its API answered by a stand-in that replies with `reply`. */
  async function withResend(reply: Parameters<typeof startStandIn>[0], fn: (standIn: Awaited<ReturnType<typeof startStandIn>>) => Promise<void>) {
    const standIn = await startStandIn(reply);
    process.env.RESEND_API_KEY = "re_test_key";
    process.env.RESEND_BASE_URL = standIn.url;
    try {
      await fn(standIn);
    } finally {
      await standIn.close();
    }
  }
  const tooFast = { status: 429, body: { statusCode: 429, name: "rate_limit_exceeded", message: "Too many requests" }, headers: { "retry-after": "0" } };

  it("sends through the real Resend SDK when RESEND_API_KEY is set", async () => {
    await withResend(
      () => ({ status: 200, body: { id: "re_123" } }),
      async (standIn) => {
        const result = await sendMail({ to: "studio@example.test", ...(await registrationReceived()) });
        expect(result.status).toBe("SENT");
        expect(standIn.requests).toHaveLength(1);
        const req = standIn.requests[0];
        expect(req.url).toBe("/emails");
        expect(req.headers.authorization).toBe("Bearer re_test_key");
        const sent = JSON.parse(req.body);
        expect(sent).toMatchObject({ to: "studio@example.test", subject: "Submission Received – Review in Progress" });
        expect(sent.text).toContain("48 hours");
        const row = await db.mailMessage.findUniqueOrThrow({ where: { id: result.id } });
        expect(row).toMatchObject({ provider: "resend", providerId: "re_123", status: "SENT" });
      },
    );
  });

  it("waits and tries again when Resend says too fast (429), with the same idempotency key: one mail", async () => {
    let calls = 0;
    await withResend(
      () => (++calls <= 2 ? tooFast : { status: 200, body: { id: "re_after_wait" } }),
      async (standIn) => {
        const result = await sendMail({ to: "busy@example.test", ...(await registrationReceived()) });
        expect(result.status).toBe("SENT");
        expect(standIn.requests).toHaveLength(3);
        const keys = standIn.requests.map((r) => r.headers["idempotency-key"]);
        expect(keys[0]).toBe(`mail-${result.id}`);
        expect(new Set(keys).size).toBe(1);
        expect(await db.mailMessage.findUniqueOrThrow({ where: { id: result.id } })).toMatchObject({ status: "SENT", providerId: "re_after_wait" });
      },
    );
  });

  it("gives up after 4 tries while Resend keeps saying too fast, and records the failure", async () => {
    await withResend(
      () => tooFast,
      async (standIn) => {
        const result = await sendMail({ to: "busy@example.test", ...(await registrationReceived()) });
        expect(result.status).toBe("FAILED");
        expect(standIn.requests).toHaveLength(4);
        expect((await db.mailMessage.findUniqueOrThrow({ where: { id: result.id } })).error).toContain("rate_limit_exceeded");
      },
    );
  });

  it("records a failed send and still registers the studio", async () => {
    await withResend(
      () => ({ status: 500, body: { name: "internal_server_error", message: "down" } }),
      async () => {
        const body = signup();
        expect((await post(body)).status).toBe(201);
        const row = await db.mailMessage.findFirstOrThrow({ where: { to: body.email } });
        expect(row.status).toBe("FAILED");
        expect(row.error).toBeTruthy();
      },
    );
  });

  it("escapes the text it carries in the HTML (React Email renders text, never markup)", async () => {
    const { accountApproved } = await import("@/lib/mail/templates");
    const mail = await accountApproved('<script>alert("x")</script>', "https://app.example.test/login");
    expect(mail.html).not.toContain("<script>");
    expect(mail.html).toContain("&lt;script&gt;");
    expect(mail.text).toContain('<script>alert("x")</script>');
  });
});
