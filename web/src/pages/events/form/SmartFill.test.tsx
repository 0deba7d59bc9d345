import { describe, expect, it } from "vitest";
import { renderToStaticMarkup } from "react-dom/server";
import { SmartFillProblems } from "./SmartFill.tsx";

describe("smart-fill problems beneath the box", () => {
  it("tells the person, in a warning, what smart-fill could not read", () => {
    const html = renderToStaticMarkup(
      <SmartFillProblems
        problems={[
          { field: "start_date", text: "31 February", message: "31 February is not a date" },
          { field: "start_date", text: "25:00", message: "25:00 is not a time" },
        ]}
        onClose={() => undefined}
      />,
    );
    expect(html).toContain('role="alert"');
    expect(html).toContain("note--warning");
    expect(html).toContain("Smart fill left some things out");
    expect(html).toContain("<li>31 February is not a date</li>");
    expect(html).toContain("<li>25:00 is not a time</li>");
    expect(html).toContain('aria-label="Dismiss"');
  });

  it("shows nothing when everything was read", () => {
    expect(renderToStaticMarkup(<SmartFillProblems problems={[]} />)).toBe("");
  });
});
