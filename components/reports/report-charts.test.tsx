import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { CompletionByCourseChart, TimelineChart } from "@/components/reports/report-charts";

const points = [
  { date: "2026-03-01", enrollments: 2, completions: 0 },
  { date: "2026-03-02", enrollments: 4, completions: 1 },
  { date: "2026-03-03", enrollments: 0, completions: 3 },
];

describe("the timeline chart", () => {
  const html = renderToStaticMarkup(createElement(TimelineChart, { points, bucket: "day" }));

  it("draws each series through its counts, on an axis from 0 to the largest (4)", () => {
    // Across: 0, 500, 1000 of 1000; up: 1000 is 0 and 0 is 4.
    expect(html).toContain('points="0,500 500,0 1000,1000"');
    expect(html).toContain('points="0,1000 500,750 1000,250"');
    expect(html.match(/<span style="bottom:\d+%">\d<\/span>/g)).toEqual([
      '<span style="bottom:0%">0</span>',
      '<span style="bottom:25%">1</span>',
      '<span style="bottom:50%">2</span>',
      '<span style="bottom:75%">3</span>',
      '<span style="bottom:100%">4</span>',
    ]);
  });

  it("says each day's figures to a pointer and, as a table, to a screen reader", () => {
    expect(html).toContain("<title>2 Mar 2026: 4 enrollments, 1 completion</title>");
    expect(html).toContain("<caption>Enrollments and completions per day</caption>");
    expect(html).toContain('<tr><th scope="row">3 March 2026</th><td>0</td><td>3</td></tr>');
  });

  it("says so in words when nothing happened", () => {
    const empty = renderToStaticMarkup(
      createElement(TimelineChart, { points: [{ date: "2026-03-01", enrollments: 0, completions: 0 }], bucket: "day" }),
    );
    expect(empty).toContain("No enrollments or completions in this period yet.");
    expect(empty).not.toContain("<svg");
  });
});

describe("the completion chart", () => {
  const html = renderToStaticMarkup(
    createElement(CompletionByCourseChart, {
      courses: [
        { title: "Safety", completionRate: 50, totalEnrollments: 4 },
        { title: "Unopened", completionRate: 0, totalEnrollments: 0 },
        { title: "Privacy", completionRate: 25, totalEnrollments: 8 },
      ],
    }),
  );

  it("draws a bar per course with enrollments, as long as its rate", () => {
    expect(html.match(/<rect [^>]*>/g)?.map((rect) => rect.replace(/ class="[^"]*"/, ""))).toEqual([
      '<rect x="0" y="200" width="500" height="600">',
      '<rect x="0" y="1200" width="250" height="600">',
    ]);
    expect(html).toContain("<title>Privacy: 25%</title>");
    expect(html).not.toContain("Unopened");
  });

  it("lists the rates as a table", () => {
    expect(html).toContain('<tr><th scope="row">Safety</th><td>50%</td></tr>');
  });
});
