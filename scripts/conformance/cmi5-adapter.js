// The app as an LMS for ADL's CATAPULT LMS test suite (its `lib/lms.custom.js`, named by CATAPULT_LMS):
// the calls the suite makes, written against the app's own API with an organization's API key. The
// suite runs it in its jest process (CommonJS, its own @hapi/wreck); scripts/test-conformance.ts sets
// the environment:
//   LMS_BASE_URL   the organization's origin, http://{subdomain}.localhost:{port}
//   LMS_API_KEY    an API key of the organization's administrator (lmsk_…)
//   LRS_ENDPOINT, LRS_KEY, LRS_SECRET   the organization's LRS and a client that reads every statement
"use strict";
/* eslint-disable @typescript-eslint/no-require-imports -- the suite require()s its adapter: CommonJS */

const Wreck = require("@hapi/wreck");
const { InvalidPackageError } = require("./errors");

const created = [];
let api;

/** The app's JSON error message, for the suite's logs. */
function messageOf(error) {
  const payload = error.data && error.data.payload;
  if (payload && typeof payload === "object" && payload.error) return `${payload.error.code}: ${payload.error.message}`;
  if (Buffer.isBuffer(payload)) return payload.toString("utf8");
  return String(error);
}

async function call(method, path, options = {}) {
  try {
    const { payload } = await api.request(method, path, options).then(async (res) => {
      const body = await Wreck.read(res, { json: "force", gunzip: true }).catch(() => null);
      if (res.statusCode >= 400) {
        const error = new Error(`${method} ${path}: ${res.statusCode}`);
        error.statusCode = res.statusCode;
        error.data = { payload: body };
        throw error;
      }
      return { payload: body };
    });
    return payload;
  } catch (error) {
    if (error.statusCode) throw error;
    throw new Error(`${method} ${path} failed: ${error}`);
  }
}

const json = (body) => ({ payload: JSON.stringify(body), headers: { "Content-Type": "application/json" } });

async function readAll(stream) {
  const chunks = [];
  for await (const chunk of stream) chunks.push(chunk);
  return Buffer.concat(chunks);
}

module.exports = {
  setup: async () => {
    for (const name of ["LMS_BASE_URL", "LMS_API_KEY", "LRS_ENDPOINT", "LRS_KEY", "LRS_SECRET"])
      if (!process.env[name]) throw new Error(`${name} is not set`);
    api = Wreck.defaults({
      baseUrl: process.env.LMS_BASE_URL,
      headers: { Authorization: `Bearer ${process.env.LMS_API_KEY}` },
    });
  },

  teardown: async () => {},

  getLrsEndpoint: () => process.env.LRS_ENDPOINT.replace(/\/$/, ""),

  getLrsAuthHeader: () => `Basic ${Buffer.from(`${process.env.LRS_KEY}:${process.env.LRS_SECRET}`).toString("base64")}`,

  // A course of one module and one cmi5 lesson per package; the package is the lesson's cmi5 course.
  importCourse: async (stream, contentType, filename) => {
    const body = await readAll(stream);
    const course = await call("POST", "/api/courses", json({ title: `cmi5 ${filename}`.slice(0, 200) }));
    created.push(course.id);
    const outline = await call("POST", `/api/courses/${course.id}/modules`, json({ title: "cmi5" }));
    const lesson = await call(
      "POST",
      `/api/courses/${course.id}/modules/${outline.id}/lessons`,
      json({ title: filename.slice(0, 200), kind: "cmi5" }),
    );
    try {
      await call("PUT", `/api/courses/${course.id}/lessons/${lesson.id}/cmi5`, {
        payload: body,
        headers: { "Content-Type": contentType },
      });
    } catch (error) {
      // The app refuses what the spec refuses with a 4xx naming the rule: the suite's "invalid package".
      if (error.statusCode >= 400 && error.statusCode < 500) throw new InvalidPackageError(messageOf(error));
      throw new Error(`Failed to import ${filename}: ${messageOf(error)}`);
    }
    return JSON.stringify({ courseId: course.id, lessonId: lesson.id });
  },

  getLaunchUrl: async (courseRef, auIndex, actor, { registration, launchMode } = {}) => {
    const { courseId, lessonId } = JSON.parse(courseRef);
    try {
      const launch = await call(
        "POST",
        `/api/courses/${courseId}/lessons/${lessonId}/cmi5/launch`,
        json({
          au_index: auIndex,
          actor,
          ...(registration ? { registration } : {}),
          ...(launchMode ? { launch_mode: launchMode } : {}),
        }),
      );
      return launch.launch_url;
    } catch (error) {
      throw new Error(`Failed to get a launch URL: ${messageOf(error)}`);
    }
  },

  cleanup: async () => {
    while (created.length) {
      const id = created.pop();
      await call("DELETE", `/api/courses/${id}`).catch((error) =>
        console.log(`cmi5 adapter: could not delete course ${id}: ${messageOf(error)}`),
      );
    }
  },

  hasWaive: () => true,
  waiveAU: async (registration, auIndex, reason) => {
    try {
      await call("POST", `/api/cmi5/registrations/${registration}/waive`, json({ au_index: auIndex, reason }));
    } catch (error) {
      throw new Error(`Failed to waive: ${messageOf(error)}`);
    }
  },

  hasAbandon: () => true,
  abandonSession: async (sessionId) => {
    try {
      await call("POST", `/api/cmi5/sessions/${sessionId}/abandon`);
    } catch (error) {
      throw new Error(`Failed to abandon: ${messageOf(error)}`);
    }
  },
};
