import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';

const WCAG = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/**
 * Waits for every animation that ends (a menu fading in, a drawer sliding) to end. Axe measures
 * contrast on the colours it sees: a menu caught half faded in has half its contrast. Endless
 * animations (a striped progress bar, skeletons) are left running.
 */
async function settleAnimations(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // A transition starts on the frame after its element mounts: look once two frames have passed.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document
      .getAnimations()
      .filter((animation) =>
        Number.isFinite(animation.effect?.getComputedTiming().endTime ?? Number.POSITIVE_INFINITY),
      );
    await Promise.all(ending.map((animation) => animation.finished.catch(() => undefined)));
  });
}

/** Axe's serious and critical findings on the page as it stands (WCAG 2.2 AA, and best practice unless told not to). */
export async function seriousViolations(page: Page, { bestPractice = true } = {}) {
  await settleAnimations(page);
  const results = await new AxeBuilder({ page }).withTags(bestPractice ? [...WCAG, 'best-practice'] : WCAG).analyze();
  return results.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .map((violation) => ({
      rule: violation.id,
      help: violation.help,
      targets: violation.nodes.map((node) => node.target.join(' ')),
    }));
}
