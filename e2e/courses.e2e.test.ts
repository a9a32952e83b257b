import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, test } from 'vitest';
import { seriousViolations } from './support/axe.ts';
import { useChromium } from './support/use-chromium.ts';
import { SITE_ADMIN, demoUser } from './support/demo-users.ts';
import { apiFromPage, pathOf, signInToConsole } from './support/shell.ts';

const chromium = useChromium();
let context: BrowserContext;
let page: Page;

interface CourseAnswer {
  data: {
    id: number;
    name: string;
    duration_minutes: number;
    topics: {
      name: string;
      kind: string;
      content: string | null;
      questions: { prompt: string; options: unknown[] }[];
    }[];
  };
}

const table = () => page.getByRole('table', { name: 'Courses' });
const topicTitles = () =>
  page.locator('section[aria-label^="Topic "]').evaluateAll((nodes) => nodes.map((n) => n.getAttribute('aria-label')));

async function addTopic(kind: string) {
  await page.getByRole('button', { name: 'Add topic' }).click();
  await page.getByRole('menuitem', { name: new RegExp(`^${kind}`) }).click();
}

describe('the courses pages', () => {
  test('a site admin creates a course with a text and a questions topic, reorders them, saves and finds it in the list', async () => {
    context = await chromium.newContext({ width: 1440, height: 1000 });
    page = await context.newPage();
    await signInToConsole(page, SITE_ADMIN, '/admin/settings/courses');
    await table().locator('tbody tr').first().waitFor();
    await page.getByRole('link', { name: 'New course' }).click();
    await page.getByRole('heading', { name: 'Topics' }).waitFor();
    expect(pathOf(page)).toBe('/admin/settings/courses/new');

    const name = `Evacuation drills ${Date.now()}`;
    await page.getByRole('textbox', { name: 'Name' }).fill(name);
    await page.getByRole('textbox', { name: 'Estimated duration' }).fill('15');

    await addTopic('Text');
    const text = page.getByRole('region', { name: /^Topic 1/ });
    await text.getByRole('textbox', { name: 'Topic name' }).fill('Before the alarm');
    const editor = text.getByRole('textbox', { name: 'Text', exact: true });
    await editor.click();
    await page.keyboard.type('Know your ');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('assembly point');
    await page.keyboard.press('Control+b');
    await page.keyboard.type('.');

    await addTopic('Questions');
    const quiz = page.getByRole('region', { name: /^Topic 2/ });
    await quiz.getByRole('textbox', { name: 'Topic name' }).fill('Check yourself');
    await quiz.getByRole('textbox', { name: 'Question' }).fill('Where do you go when the alarm sounds?');
    await quiz.getByRole('textbox', { name: 'Answer 1' }).fill('To the assembly point');
    await quiz.getByRole('textbox', { name: 'Answer 2' }).fill('Back to my desk');

    // The questions first: dnd-kit's keyboard sensor (Space lifts, an arrow moves, Space drops).
    await quiz.getByRole('button', { name: /^Drag to reorder/ }).focus();
    await page.keyboard.press('Space');
    // Lifted: dnd-kit says so, then where it is (the wording may already have moved on to the second).
    await page.getByText(/^Picked up Topic 2|is now at position 2 of 2/).waitFor({ state: 'attached' });
    // The keyboard sensor listens for arrows from a timer it sets when the drag starts; a key pressed
    // before that timer runs is lost. A timer set now runs after it.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve)));
    await page.keyboard.press('ArrowUp');
    await page.getByText(/is now at position 1 of 2/).waitFor({ state: 'attached' });
    await page.keyboard.press('Space');
    await expect.poll(topicTitles).toEqual(['Topic 1: Check yourself', 'Topic 2: Before the alarm']);

    await page.getByRole('button', { name: 'Save course' }).click();
    await page.getByText(/^Saved( — version \d+)?$/).waitFor();
    await page.waitForURL(/\/admin\/settings\/courses\/\d+$/);
    const id = Number(pathOf(page).split('/').pop());
    await page.getByText('All changes saved').waitFor();

    const saved = (await apiFromPage<CourseAnswer>(page, 'GET', `/courses/${id}`)).json.data;
    expect(saved).toMatchObject({ name, duration_minutes: 15 });
    expect(saved.topics.map((t) => [t.name, t.kind])).toEqual([
      ['Check yourself', 'questions'],
      ['Before the alarm', 'text'],
    ]);
    expect(saved.topics[1]?.content).toMatch(/<(b|strong)>assembly point<\/(b|strong)>/);
    expect(saved.topics[0]?.questions[0]).toMatchObject({
      prompt: 'Where do you go when the alarm sounds?',
      options: [
        { text: 'To the assembly point', correct: true },
        { text: 'Back to my desk', correct: false },
      ],
    });

    await page.getByRole('link', { name: 'Courses', exact: true }).first().click();
    await page
      .getByRole('searchbox', { name: 'Filter courses' })
      .or(page.getByRole('textbox', { name: 'Filter courses' }))
      .fill(name);
    await table()
      .getByRole('row', { name: new RegExp(name) })
      .waitFor();
    await apiFromPage(page, 'DELETE', `/courses/${id}`);
  });

  test('a Company Manager reads the courses their company may use, without a way to change them', async () => {
    context = await chromium.newContext({ width: 1440, height: 1000 });
    page = await context.newPage();
    await signInToConsole(page, demoUser('acme', 'cm'), '/admin/settings/courses');
    await table().locator('tbody tr').first().waitFor();
    expect(await page.getByText('View only').isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: 'New course' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Categories' }).count()).toBe(0);
    await table().locator('tbody tr').first().click();
    expect(pathOf(page)).toBe('/admin/settings/courses');
    // The editor is the site admins': the route sends anyone else home.
    await page.goto('/admin/settings/courses/new');
    await page.waitForURL(/\/admin\/?$/);
  });

  test.each(['light', 'dark'] as const)(
    'the list, the categories and the editor have no serious accessibility violations in %s mode',
    async (colorScheme) => {
      context = await chromium.newContext({ width: 1440, height: 1000, colorScheme });
      page = await context.newPage();
      await signInToConsole(page, SITE_ADMIN, '/admin/settings/courses');
      await table().locator('tbody tr').first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.getByRole('button', { name: 'Categories' }).click();
      await page.getByRole('tree', { name: 'Course categories' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page
        .getByRole('button', { name: /^Actions for / })
        .first()
        .click();
      await page.getByRole('menuitem', { name: 'Rename' }).waitFor();
      expect(await seriousViolations(page)).toEqual([]);
      await page.keyboard.press('Escape');
      await page.getByRole('button', { name: 'Close' }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });

      await table().locator('tbody tr').first().click();
      await page.getByRole('heading', { name: 'Topics' }).waitFor();
      await page.getByRole('button', { name: /^Unfold Topic 1/ }).click();
      await page.getByRole('group', { name: 'Question 1' }).first().waitFor();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto('/admin/settings/courses/new');
      await page.getByRole('button', { name: 'Save course' }).click();
      await page.getByText('Some fields need your attention.').waitFor();
      await addTopic('Questions');
      await addTopic('SCORM');
      expect(await seriousViolations(page)).toEqual([]);
    },
    // Axe runs five times over long pages: slow on a busy machine.
    180_000,
  );
});

describe('the course categories', () => {
  test('a site admin adds, renames, moves and deletes a category; a category with courses is refused', async () => {
    context = await chromium.newContext({ width: 1440, height: 1000 });
    page = await context.newPage();
    await signInToConsole(page, SITE_ADMIN, '/admin/settings/courses');
    await table().locator('tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Categories' }).click();
    const tree = page.getByRole('tree', { name: 'Course categories' });
    await tree.waitFor();
    const row = (name: string) => tree.getByRole('treeitem', { name, exact: true });
    const act = async (category: string, action: string) => {
      await row(category)
        .getByRole('button', { name: `Actions for ${category}` })
        .click();
      await page.getByRole('menuitem', { name: action }).click();
    };

    await page.getByRole('button', { name: 'Add category' }).click();
    await page.getByRole('textbox', { name: 'Category name' }).fill('Drills');
    await page.getByRole('button', { name: 'Add', exact: true }).click();
    await row('Drills').waitFor();

    await act('Drills', 'Rename');
    await page.getByRole('textbox', { name: 'Category name' }).fill('Fire drills');
    await page.getByRole('button', { name: 'Rename' }).click();
    await row('Fire drills').waitFor();

    await row('Fire drills').dragTo(row('Safety'));
    await page.getByText('Fire drills moved into Safety.').waitFor();
    await expect.poll(async () => row('Fire drills').getAttribute('aria-level')).toBe('3');

    await act('Fire drills', 'Delete');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page.getByText('Fire drills deleted.').waitFor();
    await row('Fire drills').waitFor({ state: 'detached' });

    // Safety holds courses (and, now, nothing else): the server says why it stays.
    await act('Safety', 'Delete');
    await page.getByRole('button', { name: 'Delete' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: /courses? (is|are) in this category/ })
      .waitFor();
  });
});
