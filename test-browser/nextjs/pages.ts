import type { Page } from 'playwright-core';

const DATA_TIMEOUT_MS = 15_000;

/** Waits for the example's AccountAndPentests to show data, and returns the account line. */
export async function dataShown(page: Page): Promise<string> {
  await page.getByTestId('data').waitFor({ timeout: DATA_TIMEOUT_MS });
  return page.getByTestId('account').innerText();
}

async function dataUpdatedAt(page: Page): Promise<number> {
  return Number(await page.getByTestId('data').getAttribute('data-updated-at'));
}

/**
 * Clicks Refetch and waits until both queries hold data newer than before: the page loaded data
 * again (through whatever renewal that took), not merely kept the old data on screen.
 */
export async function refetched(page: Page): Promise<void> {
  const before = await dataUpdatedAt(page);
  await page.getByTestId('refetch').click();
  await page.waitForFunction((previous) => Number(document.querySelector('[data-testid="data"]')?.getAttribute('data-updated-at')) > previous, before, {
    timeout: DATA_TIMEOUT_MS,
  });
}

/** Error messages the example's component shows, if any. */
export async function shownErrors(page: Page): Promise<string[]> {
  return page.getByTestId('error').allInnerTexts();
}
