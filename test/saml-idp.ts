import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import * as xmllint from "@authenio/samlify-node-xmllint";
import * as samlify from "samlify";
import { generateSpKeyPair } from "@/lib/server/sso/saml-keys";

// A real SAML 2.0 identity provider (samlify in IdP mode) on 127.0.0.2, the loopback address the test app
// allow-lists for outgoing connections. It serves its metadata, takes the app's AuthnRequest at its
// single sign-on service (checking the request's redirect signature against the SP metadata's certificate)
// and answers with a login response whose assertion samlify signs; the browser's side is an HTML page that
// posts it to the app's ACS, as an IdP's is. `tamper` changes the next answer: its assertion altered after
// signing, or signed as it is but expired, for another audience, or in answer to no request of the app's.
// Its single logout service takes the app's LogoutRequest and answers with a LogoutResponse.
//
// samlify checks incoming messages against the SAML XSD: the validator is @authenio/samlify-node-xmllint,
// libxml2's xmllint compiled to JavaScript (no native build).

samlify.setSchemaValidator(xmllint);

export interface SamlIdpAccount {
  nameID: string;
  email: string;
  firstName: string;
  lastName: string;
  groups?: string[];
}

export type SamlTampering = "signature" | "expired" | "audience" | "unsolicited";

export interface SamlLoginAnswer {
  /** The app's ACS URL the IdP's page posts to. */
  acsUrl: string;
  samlResponse: string;
}

export interface TestSamlIdp {
  entityId: string;
  metadataUrl: string;
  metadataXml: string;
  /** Registers the app's SP from its metadata (known once the app has the provider). */
  trustServiceProvider(spMetadataXml: string): void;
  loginAs(account: SamlIdpAccount): void;
  tamper(mode: SamlTampering | null): void;
  /** The NameIDs of the LogoutRequests the app sent, in order. */
  logouts: string[];
  /** A logout the IdP starts (the person logged out elsewhere): the app's SLO URL with the LogoutRequest. */
  logoutRequestUrl(nameID: string, signed: boolean): string;
  /** The same by HTTP-POST: where the IdP's page posts, and the form's SAMLRequest (signed inside the XML). */
  logoutRequestForm(nameID: string, signed: boolean): { url: string; SAMLRequest: string };
  /** How many LogoutResponses the app sent back to the IdP. */
  logoutResponses: number;
  close(): Promise<void>;
}

const REDIRECT = "urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect";

const escape = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function attribute(name: string, values: string[]): string {
  const value = values.map((v) => `<saml:AttributeValue xsi:type="xs:string">${escape(v)}</saml:AttributeValue>`);
  return `<saml:Attribute Name="${name}" NameFormat="urn:oasis:names:tc:SAML:2.0:attrname-format:basic">${value.join("")}</saml:Attribute>`;
}

interface ResponseValues {
  id: string;
  assertionId: string;
  issuer: string;
  acsUrl: string;
  audience: string;
  inResponseTo: string;
  issuedAt: Date;
  notOnOrAfter: Date;
  account: SamlIdpAccount;
}

/** A login response as an IdP writes it (unsigned: samlify signs the assertion). */
function loginResponseXml(v: ResponseValues): string {
  const at = v.issuedAt.toISOString();
  const until = v.notOnOrAfter.toISOString();
  const attributes = [
    attribute("email", [v.account.email]),
    attribute("firstName", [v.account.firstName]),
    attribute("lastName", [v.account.lastName]),
    ...(v.account.groups ? [attribute("groups", v.account.groups)] : []),
  ].join("");
  return (
    `<samlp:Response xmlns:samlp="urn:oasis:names:tc:SAML:2.0:protocol" xmlns:saml="urn:oasis:names:tc:SAML:2.0:assertion" ID="${v.id}" Version="2.0" IssueInstant="${at}" Destination="${v.acsUrl}" InResponseTo="${v.inResponseTo}">` +
    `<saml:Issuer>${v.issuer}</saml:Issuer>` +
    `<samlp:Status><samlp:StatusCode Value="urn:oasis:names:tc:SAML:2.0:status:Success"/></samlp:Status>` +
    `<saml:Assertion xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xs="http://www.w3.org/2001/XMLSchema" ID="${v.assertionId}" Version="2.0" IssueInstant="${at}">` +
    `<saml:Issuer>${v.issuer}</saml:Issuer>` +
    `<saml:Subject><saml:NameID Format="urn:oasis:names:tc:SAML:2.0:nameid-format:persistent">${escape(v.account.nameID)}</saml:NameID>` +
    `<saml:SubjectConfirmation Method="urn:oasis:names:tc:SAML:2.0:cm:bearer"><saml:SubjectConfirmationData NotOnOrAfter="${until}" Recipient="${v.acsUrl}" InResponseTo="${v.inResponseTo}"/></saml:SubjectConfirmation></saml:Subject>` +
    `<saml:Conditions NotBefore="${at}" NotOnOrAfter="${until}"><saml:AudienceRestriction><saml:Audience>${escape(v.audience)}</saml:Audience></saml:AudienceRestriction></saml:Conditions>` +
    `<saml:AuthnStatement AuthnInstant="${at}" SessionIndex="session-${v.assertionId}"><saml:AuthnContext><saml:AuthnContextClassRef>urn:oasis:names:tc:SAML:2.0:ac:classes:PasswordProtectedTransport</saml:AuthnContextClassRef></saml:AuthnContext></saml:AuthnStatement>` +
    `<saml:AttributeStatement>${attributes}</saml:AttributeStatement>` +
    `</saml:Assertion></samlp:Response>`
  );
}

/** The query string as sent, without its Signature: what a redirect binding signature covers. */
function octetString(rawQuery: string): string {
  return rawQuery
    .split("&")
    .filter((pair) => !pair.startsWith("Signature="))
    .join("&");
}

/** The page an IdP answers with: a form the browser posts to the app's ACS at once. */
function postPage(answer: SamlLoginAnswer): string {
  return `<!doctype html><html><body><form method="post" action="${escape(answer.acsUrl)}"><input type="hidden" name="SAMLResponse" value="${escape(answer.samlResponse)}"/><noscript><button>Continue</button></noscript></form><script>document.forms[0].submit()</script></body></html>`;
}

/** The ACS URL and SAMLResponse of such a page, as a test posts them itself. */
export function loginAnswerOf(page: string): SamlLoginAnswer {
  const acsUrl = /action="([^"]+)"/.exec(page)?.[1];
  const samlResponse = /name="SAMLResponse" value="([^"]+)"/.exec(page)?.[1];
  if (!acsUrl || !samlResponse) throw new Error(`Not an IdP's login answer: ${page.slice(0, 300)}`);
  return { acsUrl: acsUrl.replace(/&amp;/g, "&"), samlResponse };
}

export async function startTestSamlIdp(): Promise<TestSamlIdp> {
  const keys = generateSpKeyPair("Test SAML IdP");
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.2", resolve));
  const base = `http://127.0.0.2:${(server.address() as AddressInfo).port}`;
  const entityId = `${base}/metadata`;
  const idp = samlify.IdentityProvider({
    entityID: entityId,
    signingCert: keys.certificatePem,
    privateKey: keys.privateKeyPem,
    requestSignatureAlgorithm: "http://www.w3.org/2001/04/xmldsig-more#rsa-sha256",
    wantAuthnRequestsSigned: true,
    singleSignOnService: [{ Binding: REDIRECT, Location: `${base}/sso` }],
    singleLogoutService: [{ Binding: REDIRECT, Location: `${base}/slo` }],
    nameIDFormat: ["urn:oasis:names:tc:SAML:2.0:nameid-format:persistent"],
  });
  const metadataXml = idp.getMetadata();
  let sp: ReturnType<typeof samlify.ServiceProvider> | null = null;
  let spMetadata = "";
  let account: SamlIdpAccount | null = null;
  let tampering: SamlTampering | null = null;
  const logouts: string[] = [];

  async function signOn(rawQuery: string, query: Record<string, string>, res: ServerResponse) {
    if (!sp) throw new Error("The test IdP does not know the app's SP yet (trustServiceProvider)");
    if (!account) throw new Error("The test IdP was not told whom to sign in (loginAs)");
    const request = await idp.parseLoginRequest(sp, "redirect", { query, octetString: octetString(rawQuery) });
    const requestId = String((request.extract as { request?: { id?: string } }).request?.id);
    const mode = tampering;
    tampering = null;
    const now = Date.now();
    const acsUrl = sp.entityMeta.getAssertionConsumerService("post") as string;
    const values: ResponseValues = {
      id: `_${randomBytes(16).toString("hex")}`,
      assertionId: `_${randomBytes(16).toString("hex")}`,
      issuer: entityId,
      acsUrl,
      audience: mode === "audience" ? "https://another-service.example.test/metadata" : sp.entityMeta.getEntityID(),
      inResponseTo: mode === "unsolicited" ? `_${randomBytes(16).toString("hex")}` : requestId,
      issuedAt: new Date(mode === "expired" ? now - 2 * 3600_000 : now),
      notOnOrAfter: new Date(mode === "expired" ? now - 3600_000 : now + 5 * 60_000),
      account,
    };
    const answer = (await idp.createLoginResponse(
      sp,
      { ...request },
      "post",
      { email: account.email },
      { customTagReplacement: () => ({ id: values.id, context: loginResponseXml(values) }) },
    )) as { context: string };
    let samlResponse = answer.context;
    if (mode === "signature") {
      const xml = Buffer.from(samlResponse, "base64").toString("utf8");
      samlResponse = Buffer.from(xml.split(escape(account.email)).join("intruder@example.test")).toString("base64");
    }
    res.setHeader("content-type", "text/html; charset=utf-8");
    res.end(postPage({ acsUrl, samlResponse }));
  }

  async function singleLogout(rawQuery: string, query: Record<string, string>, res: ServerResponse) {
    if (!sp) throw new Error("The test IdP does not know the app's SP yet");
    if (query.SAMLResponse) {
      await idp.parseLogoutResponse(sp, "redirect", { query, octetString: octetString(rawQuery) });
      state.logoutResponses += 1;
      res.end("Logged out");
      return;
    }
    const request = await idp.parseLogoutRequest(sp, "redirect", { query, octetString: octetString(rawQuery) });
    logouts.push(String((request.extract as { nameID?: string }).nameID));
    const answer = idp.createLogoutResponse(sp, { ...request }, "redirect", query.RelayState ?? "") as {
      context: string;
    };
    res.statusCode = 302;
    res.setHeader("location", answer.context);
    res.end();
  }

  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? "/", base);
    const query = Object.fromEntries(url.searchParams);
    const rawQuery = url.search.slice(1);
    const fail = (error: unknown) => {
      res.statusCode = 400;
      res.end(`The test IdP refused the request: ${error instanceof Error ? error.stack : String(error)}`);
    };
    if (url.pathname === "/metadata") {
      res.setHeader("content-type", "application/samlmetadata+xml");
      res.end(metadataXml);
    } else if (url.pathname === "/sso") signOn(rawQuery, query, res).catch(fail);
    else if (url.pathname === "/slo") singleLogout(rawQuery, query, res).catch(fail);
    else {
      res.statusCode = 404;
      res.end("Not found");
    }
  });

  const state: TestSamlIdp = {
    entityId,
    metadataUrl: `${base}/metadata`,
    metadataXml,
    trustServiceProvider(spMetadataXml: string) {
      spMetadata = spMetadataXml;
      sp = samlify.ServiceProvider({ metadata: spMetadataXml });
    },
    loginAs(next: SamlIdpAccount) {
      account = next;
    },
    tamper(mode: SamlTampering | null) {
      tampering = mode;
    },
    logouts,
    logoutRequestUrl(nameID: string, signed: boolean) {
      // samlify signs a redirect-binding LogoutRequest when the SP entity asks for signed ones.
      const target = samlify.ServiceProvider({ metadata: spMetadata, wantLogoutRequestSigned: signed });
      return (idp.createLogoutRequest(target, "redirect", { logoutNameID: nameID }) as { context: string }).context;
    },
    logoutRequestForm(nameID: string, signed: boolean) {
      const target = samlify.ServiceProvider({ metadata: spMetadata, wantLogoutRequestSigned: signed });
      const made = idp.createLogoutRequest(target, "post", { logoutNameID: nameID }) as {
        context: string;
        entityEndpoint: string;
      };
      return { url: made.entityEndpoint, SAMLRequest: made.context };
    },
    logoutResponses: 0,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
  return state;
}
