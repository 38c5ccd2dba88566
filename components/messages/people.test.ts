import { describe, expect, it } from "vitest";
import { peopleList, personName } from "./people";
import type { PersonJson } from "./types";

const person = (first: string, last = "", username = "user"): PersonJson => ({
  id: first,
  first_name: first,
  last_name: last,
  username,
  role: "learner",
  avatar_url: null,
});

describe("personName (the spec's display name)", () => {
  it("'first last', else the first name, else the username", () => {
    expect(personName(person("Ann", "Lee"))).toBe("Ann Lee");
    expect(personName(person("Ann"))).toBe("Ann");
    expect(personName(person("", "", "ann.lee"))).toBe("ann.lee");
  });
});

describe("peopleList", () => {
  it("names up to two and counts the rest", () => {
    expect(peopleList([person("Ann")], 1)).toBe("Ann");
    expect(peopleList([person("Ann"), person("Bob")], 2)).toBe("Ann and Bob");
    expect(peopleList([person("Ann"), person("Bob"), person("Cy")], 3)).toBe("Ann, Bob and 1 other");
    expect(peopleList([person("Ann"), person("Bob")], 12)).toBe("Ann, Bob and 10 others");
    expect(peopleList([], 0)).toBe("Nobody else");
  });
});
