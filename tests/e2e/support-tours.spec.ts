import fs from "node:fs";
import path from "node:path";
import type { Page } from "@playwright/test";
import { expect, test } from "./support/test";
import { ROOT, storageStatePath } from "./support/env";
import { seriousViolations } from "./support/website-lists";
import {
  tourSchema,
  type Tour,
} from "../../src/modules/support/tours-contract";

/**
 * The guided tours (Support > Tutorials) in Chromium: every tour from its data file runs from
 * its Start button to its last step, across its pages; a tour closed half way stays closed; the
 * bubble is a focused, labelled dialog whose buttons Tab reaches and which Escape closes, focus
 * going back; hopscotch loads only when a tour starts; axe finds nothing serious with a bubble open.
 */
const TOURS_DIR = path.join(ROOT, "src/modules/support/client/islands/tours");
const TOURS: Tour[] = fs
  .readdirSync(TOURS_DIR)
  .filter((name) => name.endsWith(".json"))
  .map((name) =>
    tourSchema.parse(
      JSON.parse(fs.readFileSync(path.join(TOURS_DIR, name), "utf8")),
    ),
  );

function tourById(id: string): Tour {
  const tour = TOURS.find((t) => t.id === id);
  if (!tour) throw new Error(`No tour ${id}.`);
  return tour;
}

/** The tour's steps after its intro, each with the page it is on. */
function stepsOf(
  tour: Tour,
): Array<{ page: string; title: string; target: string }> {
  let page = "/support/help";
  return tour.steps.map((step) => ({
    page: (page = step.page ?? page),
    title: step.title,
    target: step.target,
  }));
}

function bubble(page: Page, title: string) {
  return page.getByRole("dialog", { name: title, exact: true });
}

async function tourState(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem("staff-portal.tour"));
}

async function startTour(page: Page, tour: Tour) {
  await page.goto("/support/help");
  const start = page.getByRole("button", { name: `Start tour: ${tour.title}` });
  await start.click();
  const intro = bubble(page, tour.title);
  await expect(intro).toBeVisible();
  await expect(intro).toBeFocused();
  return { start, intro };
}

test.describe("guided tours", () => {
  test.use({ storageState: storageStatePath("admin") });

  test("there is a tour for each area: Account, Website, Support and App", () => {
    expect(TOURS.map((t) => t.area).sort()).toEqual([
      "Account",
      "App",
      "Support",
      "Website",
    ]);
  });

  /** The bubble lies wholly inside the viewport (on a phone it is a sheet at the bottom). */
  async function expectInViewport(
    page: Page,
    current: ReturnType<typeof bubble>,
  ) {
    const box = (await current.boundingBox())!;
    const size = page.viewportSize()!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.y).toBeGreaterThanOrEqual(0);
    // A pixel's fraction of leeway: a bubble at the foot of the page ends where the document's rounded height does.
    expect(box.x + box.width).toBeLessThanOrEqual(size.width + 0.5);
    expect(box.y + box.height).toBeLessThanOrEqual(size.height + 0.5);
  }

  for (const tour of TOURS) {
    for (const size of [null, { width: 390, height: 844 }]) {
      test(`the ${tour.area} tour runs from step 0 to its last step across its pages${size ? " at 390×844" : ""}, every bubble in view`, async ({
        page,
      }) => {
        test.setTimeout(60_000);
        if (size) await page.setViewportSize(size);
        const steps = stepsOf(tour);
        const total = steps.length + 1;
        const { intro } = await startTour(page, tour);
        await expect(intro).toContainText(`Step 1 of ${total}`);
        await expectInViewport(page, intro);
        expect(JSON.parse((await tourState(page)) ?? "null")).toEqual({
          id: tour.id,
          step: 0,
        });

        let current = intro;
        for (const [i, step] of steps.entries()) {
          await current.getByRole("button", { name: "Next" }).click();
          current = bubble(page, step.title);
          await expect(current).toBeVisible({ timeout: 15_000 });
          await expect(current).toBeFocused();
          await expectInViewport(page, current);
          await expect(current).toContainText(`Step ${i + 2} of ${total}`);
          expect(new URL(page.url()).pathname).toBe(
            new URL(step.page, "http://x").pathname,
          );
          await expect(page.locator(step.target).first()).toBeVisible();
          expect(JSON.parse((await tourState(page)) ?? "null")).toEqual({
            id: tour.id,
            step: i + 1,
          });
        }
        await current.getByRole("button", { name: "Done" }).click();
        await expect(page.getByRole("dialog")).toHaveCount(0);
        expect(await tourState(page)).toBeNull();
        expect(new URL(page.url()).searchParams.has("tour")).toBe(false);
      });
    }
  }

  test("a tour closed half way with Escape ends there: focus goes back, and a reload does not bring it back", async ({
    page,
  }) => {
    const tour = tourById("support");
    const steps = stepsOf(tour);
    const { intro } = await startTour(page, tour);
    await intro.getByRole("button", { name: "Next" }).click();
    const second = bubble(page, steps[0]!.title);
    await expect(second).toBeFocused();
    await second.getByRole("button", { name: "Next" }).click();
    const third = bubble(page, steps[1]!.title);
    await expect(third).toBeFocused();

    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    // The bubble took the focus on a page it arrived at: focus goes back to the page's content.
    await expect(page.locator("#main")).toBeFocused();
    expect(await tourState(page)).toBeNull();
    expect(new URL(page.url()).searchParams.has("tour")).toBe(false);
    await page.reload();
    await expect(
      page.getByRole("heading", { name: "My Tickets", level: 1 }),
    ).toBeVisible();
    await page.waitForTimeout(1_000);
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("the bubble is keyboard-usable: Tab reaches Next and Close tour, Enter moves on, the close button ends it and focus returns to Start", async ({
    page,
  }) => {
    const tour = tourById("support");
    const steps = stepsOf(tour);
    const { start, intro } = await startTour(page, tour);
    await page.keyboard.press("Tab");
    await expect(intro.getByRole("button", { name: "Next" })).toBeFocused();
    await page.keyboard.press("Tab");
    await expect(
      intro.getByRole("button", { name: "Close tour" }),
    ).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog")).toHaveCount(0);
    await expect(start).toBeFocused();
    expect(await tourState(page)).toBeNull();

    // Again, on with the keyboard alone to the next page.
    await page.keyboard.press("Enter");
    const again = bubble(page, tour.title);
    await expect(again).toBeFocused();
    await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    const next = bubble(page, steps[0]!.title);
    await expect(next).toBeFocused({ timeout: 15_000 });
    await expect(page).toHaveURL(/\/support\/tickets\?tour=support$/);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog")).toHaveCount(0);
  });

  test("hopscotch loads only when a tour starts, never with an ordinary page or the Tutorials page", async ({
    page,
  }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (/\/_astro\/.*\.(js|css)$/.test(request.url()))
        scripts.push(new URL(request.url()).pathname);
    });
    const tourFiles = () =>
      scripts.filter((url) => /hopscotch|runner|TourScript|tour\./i.test(url));
    await page.goto("/home");
    await page.goto("/website/posts");
    await page.goto("/support/help");
    await expect(
      page.getByRole("button", { name: /^Start tour:/ }).first(),
    ).toBeVisible();
    expect(tourFiles()).toEqual([]);
    await page
      .getByRole("button", { name: `Start tour: ${tourById("account").title}` })
      .click();
    await expect(bubble(page, tourById("account").title)).toBeVisible();
    expect(tourFiles().some((url) => url.includes("runner"))).toBe(true);
    expect(tourFiles().some((url) => url.includes("hopscotch"))).toBe(true);
    await page.keyboard.press("Escape");
  });

  test("axe finds no serious or critical violation with a bubble open", async ({
    page,
  }) => {
    const tour = tourById("support");
    const { intro } = await startTour(page, tour);
    expect(await seriousViolations(page)).toEqual([]);
    await intro.getByRole("button", { name: "Next" }).click();
    const step = bubble(page, stepsOf(tour)[0]!.title);
    await expect(step).toBeFocused({ timeout: 15_000 });
    expect(await seriousViolations(page)).toEqual([]);
    await page.keyboard.press("Escape");
  });
});
