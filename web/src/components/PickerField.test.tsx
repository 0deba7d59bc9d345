import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { DatePicker } from "./DatePicker.tsx";
import { TimePicker } from "./TimePicker.tsx";

/* Server-rendered: what an empty and a filled picker show. */

describe("the date and time pickers", () => {
  it("show SPEC.md's placeholders while empty, over the browser's own (see-through) text", () => {
    const date = renderToStaticMarkup(<DatePicker id="d" label="Start date" value="" onChange={() => undefined} />);
    expect(date).toContain('<span class="field__picker-placeholder" aria-hidden="true">Select date</span>');
    expect(date).toMatch(/<input id="d" type="date" class="[^"]*field__control--empty/);
    const time = renderToStaticMarkup(<TimePicker id="t" label="Start time" value="" onChange={() => undefined} />);
    expect(time).toContain(">Select time</span>");
  });

  it("show the value, and no placeholder, once there is one (an ISO timestamp reduced to it)", () => {
    const date = renderToStaticMarkup(<DatePicker id="d" label="Start date" value="2026-03-11T14:05:00.000Z" onChange={() => undefined} />);
    expect(date).toContain('value="2026-03-11"');
    expect(date).not.toContain("field__picker-placeholder");
    expect(date).not.toContain("field__control--empty");
  });
});
