import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { call } from "@/test/http";
import { createTenant, testDb, type TestTenant } from "@/test/factories";
import { multipartBody, signIn } from "@/test/session";

let tenant: TestTenant;
beforeAll(async () => {
  tenant = await createTenant();
});
afterAll(() => testDb().$disconnect());

const tokenFor = (role: keyof TestTenant["users"]) => signIn(tenant.subdomain, tenant.users[role]);

describe("PUT /auth/profile", () => {
  it("JSON updates names", async () => {
    const token = await tokenFor("learner");
    const res = await call(tenant.subdomain, "/auth/profile", {
      method: "PUT",
      bearer: token,
      json: { first_name: "Renamed", last_name: "Person" },
    });
    expect(res.status).toBe(200);
    expect(res.json.user).toMatchObject({ first_name: "Renamed", last_name: "Person" });
  });

  it("multipart with an avatar stores a resized image served below /uploads/", async () => {
    const token = await tokenFor("instructor");
    const png = await sharp({ create: { width: 600, height: 400, channels: 3, background: "#0A66C2" } })
      .png()
      .toBuffer();
    const { body, headers } = await multipartBody({
      first_name: "Ava",
      avatar: new Blob([png], { type: "image/png" }),
    });
    const res = await call(tenant.subdomain, "/auth/profile", { method: "PUT", bearer: token, body, headers });
    expect(res.status).toBe(200);
    expect(res.json.user.first_name).toBe("Ava");
    expect(res.json.user.avatar_url).toMatch(/^\/uploads\/avatars\/.+\.webp$/);

    const image = await call(tenant.subdomain, res.json.user.avatar_url);
    expect(image.status).toBe(200);
    expect(image.headers["content-type"]).toBe("image/webp");
    const meta = await sharp(image.body).metadata();
    expect([meta.width, meta.height]).toEqual([256, 256]);
  });

  it("a new avatar deletes the one it replaces from storage, and so does removing it", async () => {
    const token = await tokenFor("learner");
    const upload = async (color: string) => {
      const png = await sharp({ create: { width: 64, height: 64, channels: 3, background: color } })
        .png()
        .toBuffer();
      const { body, headers } = await multipartBody({ avatar: new Blob([png], { type: "image/png" }) });
      const res = await call(tenant.subdomain, "/auth/profile", { method: "PUT", bearer: token, body, headers });
      expect(res.status).toBe(200);
      return res.json.user.avatar_url as string;
    };
    const first = await upload("#FF0000");
    const second = await upload("#00FF00");
    expect(second).not.toBe(first);
    expect((await call(tenant.subdomain, first)).status).toBe(404);
    expect((await call(tenant.subdomain, second)).status).toBe(200);

    const removed = await call(tenant.subdomain, "/auth/profile", {
      method: "PUT",
      bearer: token,
      json: { remove_avatar: true },
    });
    expect(removed.json.user.avatar_url).toBeNull();
    expect((await call(tenant.subdomain, second)).status).toBe(404);
  });

  it("an avatar that is not an image → 415", async () => {
    const token = await tokenFor("admin");
    const { body, headers } = await multipartBody({
      avatar: new Blob(["<script>alert(1)</script>"], { type: "image/png" }),
    });
    const res = await call(tenant.subdomain, "/auth/profile", { method: "PUT", bearer: token, body, headers });
    expect(res.status).toBe(415);
    expect(res.json.error.message).toMatch(/JPEG, PNG, WebP or GIF/);
  });

  it("changing the password needs the current one", async () => {
    const token = await tokenFor("org_admin");
    const res = await call(tenant.subdomain, "/auth/profile", {
      method: "PUT",
      bearer: token,
      json: { current_password: "wrong-one", new_password: "a-new-password" },
    });
    expect(res.status).toBe(400);
    expect(res.json.error.fieldErrors.current_password).toBeDefined();
  });
});
