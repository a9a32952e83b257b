import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { beforeAll, beforeEach, describe, expect, inject, test } from 'vitest';
import { apiAs, ok } from './support/api.ts';
import { seriousViolations } from './support/axe.ts';
import { submitSignIn } from './support/browser.ts';
import { useChromium } from './support/use-chromium.ts';
import { SITE_ADMIN, demoUser } from './support/demo-users.ts';
import { REPO_ROOT } from './support/server.ts';
import { signInToConsole } from './support/shell.ts';

// A learner takes courses made through the API in this file's setup (so their answers are known):
// fails once, passes on the retake, downloads the certificate; acknowledges a policy; and plays a
// SCORM 2004 package, closing the page half-way and resuming.

const baseUrl = inject('baseUrl');
const suffix = Date.now().toString(36);
const STUDENT = { login: `e2e.player.${suffix}`, password: 'learner-e2e-pass-123' };
const FIRE = `Fire Safety Essentials ${suffix}`;
const EVACUATION = `Evacuation Drill ${suffix}`;

const chromium = useChromium();
let studentId: number;
let context: BrowserContext;
let page: Page;

/** The smallest valid one-page PDF. */
function tinyPdf(): Buffer {
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 200] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    '<< /Length 61 >>\nstream\nBT /F1 18 Tf 20 100 Td (Fire safety policy v3) Tj ET\nendstream',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) body += `${String(offset).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const option = (text: string, correct = false, feedback: string | null = null) => ({ text, correct, feedback });

beforeAll(async () => {
  const admin = await apiAs(baseUrl, SITE_ADMIN.login, SITE_ADMIN.password);
  const upload = async (kind: string, name: string, mimeType: string, buffer: Buffer) =>
    ok<{ id: number }>(
      await admin.post('/api/v3/course-media', {
        multipart: { kind, file: { name, mimeType, buffer } },
        headers: { 'X-XSRF-TOKEN': await admin.csrf() },
      }),
    );
  const policy = await upload('document', 'fire-policy.pdf', 'application/pdf', tinyPdf());
  const scorm = await upload(
    'scorm',
    'evacuation.zip',
    'application/zip',
    readFileSync(join(REPO_ROOT, 'apps/api/test/fixtures/scorm2004-evacuation.zip')),
  );
  const course = async (body: Record<string, unknown>) =>
    ok<{ id: number }>(
      await admin.post('/api/v3/courses', {
        data: { duration_minutes: 15, all_companies: true, ...body },
        headers: { 'X-XSRF-TOKEN': await admin.csrf() },
      }),
    );
  const fire = await course({
    name: FIRE,
    description: 'What to do when the alarm sounds.',
    passing_score: 100,
    attempts_allowed: 2,
    recertify_months: 12,
    topics: [
      { name: 'When the alarm sounds', kind: 'text', content: '<p>Leave by the <strong>nearest exit</strong>.</p>' },
      { name: 'Fire safety policy', kind: 'document', media_id: policy.id },
      {
        name: 'Check your knowledge',
        kind: 'questions',
        questions: [
          {
            type: 'single',
            prompt: 'The alarm sounds. What do you do first?',
            options: [
              option('Leave by the nearest exit', true, 'Right: get out first.'),
              option('Finish your e-mail', false, 'No: every second counts.'),
            ],
          },
          {
            type: 'true_false',
            prompt: 'You may use the lift during a fire.',
            options: [option('True', false, 'Lifts can stop between floors.'), option('False', true)],
          },
        ],
      },
    ],
  });
  const evacuation = await course({
    name: EVACUATION,
    passing_score: 80,
    topics: [{ name: 'Evacuation module', kind: 'scorm', media_id: scorm.id }],
  });
  await admin.dispose();

  const manager = await apiAs(baseUrl, demoUser('acme', 'cm').login, demoUser('acme', 'cm').password);
  const student = await ok<{ id: number }>(
    await manager.post('/api/v3/users', {
      data: {
        username: STUDENT.login,
        first_name: 'Robin',
        last_name: 'Player',
        role: 0,
        password: STUDENT.password,
        custom_fields: { employee_id: `E2E-${suffix}` },
      },
      headers: { 'X-XSRF-TOKEN': await manager.csrf() },
    }),
  );
  studentId = student.id;
  const assigned = await ok<{ created: number }>(
    await manager.post('/api/v3/assignments', {
      data: { learners: { user_ids: [student.id] }, course_ids: [fire.id, evacuation.id] },
      headers: { 'X-XSRF-TOKEN': await manager.csrf() },
    }),
  );
  expect(assigned.created).toBe(2);
  await manager.dispose();
});
beforeEach(async () => {
  context = await chromium.newContext({ width: 1280, height: 900 });
  context.setDefaultTimeout(20_000);
  page = await context.newPage();
});

async function signInAsStudent() {
  await page.goto('/login');
  await submitSignIn(page, STUDENT.login, STUDENT.password);
  await page.getByRole('heading', { name: 'My Courses' }).waitFor();
}

const card = (name: string) => page.getByRole('article', { name });
const topicHeading = (name: string) => page.getByRole('heading', { level: 2, name });

async function readText() {
  await topicHeading('When the alarm sounds').waitFor();
  await page.getByText('Leave by the nearest exit.').waitFor();
  await page.getByRole('button', { name: 'Mark as read and continue' }).click();
}

async function acknowledgePolicy() {
  await topicHeading('Fire safety policy').waitFor();
  await page.locator('iframe[title="Document: fire-policy.pdf"]').waitFor();
  await expect.poll(() => page.frames().some((frame) => /\/content\/media\/\d+$/.test(frame.url()))).toBe(true);
  await page.getByRole('checkbox', { name: 'I have read and understood this document' }).check();
  await page.getByRole('button', { name: 'Confirm and continue' }).click();
}

async function answer(prompt: string, choice: string) {
  const group = page.getByRole('group', { name: new RegExp(prompt.replace(/[.?]/g, '\\$&')) });
  await group.getByRole('radio', { name: choice }).check();
  const form = page.locator('form').filter({ has: group });
  await form.getByRole('button', { name: 'Check answer' }).click();
  return group;
}

describe('the course player', () => {
  test('a learner fails once, passes on the retake and downloads the certificate; the policy acknowledgement is kept', async () => {
    await signInAsStudent();
    await card(FIRE)
      .getByRole('link', { name: `Start ${FIRE}` })
      .click();
    await page.getByRole('heading', { level: 1, name: FIRE }).waitFor();
    await page.getByRole('button', { name: 'Start course' }).click();

    // The later topics stay locked until the earlier ones are done.
    const outline = page.getByRole('navigation', { name: 'Course contents' });
    await expect(outline.getByRole('button', { name: /Check your knowledge/ }).isDisabled()).resolves.toBe(true);
    await readText();
    await acknowledgePolicy();

    // Recorded by the server: after a reload the acknowledgement is still there.
    await topicHeading('Check your knowledge').waitFor();
    await page.reload();
    await outline.getByRole('button', { name: /Fire safety policy/ }).click();
    await page.getByText('You confirmed that you have read and understood this document.').waitFor();
    await outline.getByRole('button', { name: /Check your knowledge/ }).click();

    // First attempt: one wrong answer, with its feedback.
    const first = await answer('The alarm sounds. What do you do first?', 'Finish your e-mail');
    await first.getByText('Your answer: incorrect').waitFor();
    await first.getByText('No: every second counts.').waitFor();
    await first.getByText('Correct answer').waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    const second = await answer('You may use the lift during a fire.', 'False');
    await second.getByText('Your answer: correct').waitFor();
    await page.getByRole('button', { name: 'See your result' }).click();
    await page.getByRole('heading', { name: 'Not passed this time' }).waitFor();
    await page.getByText('50%', { exact: true }).waitFor();
    await page.getByText('1 attempt left of 2.').waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);

    // The retake: every topic again, the right answers this time.
    await page.getByRole('button', { name: 'Retake the course' }).click();
    await page.getByText('Attempt 2 of 2').waitFor();
    await readText();
    await acknowledgePolicy();
    await answer('The alarm sounds. What do you do first?', 'Leave by the nearest exit');
    await page.getByText('Right: get out first.').waitFor();
    await answer('You may use the lift during a fire.', 'False');
    await page.getByRole('button', { name: 'See your result' }).click();
    await page.getByRole('heading', { name: 'You passed: course completed' }).waitFor();
    await page.getByText('100%', { exact: true }).waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download certificate' }).click(),
    ]);
    const path = await download.path();
    expect(readFileSync(path).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(download.suggestedFilename()).toMatch(/\.pdf$/);

    // Back on My Courses the course is completed, with its certificate beside it.
    await page.getByRole('link', { name: 'Back to My Courses' }).click();
    await card(FIRE)
      .getByRole('link', { name: `Review ${FIRE}` })
      .waitFor();
    await card(FIRE)
      .getByRole('button', { name: `Download certificate of ${FIRE}` })
      .waitFor();

    // The completion is the admin's too: the Company Manager sees it in the learner's drawer.
    await page.context().clearCookies();
    await signInToConsole(page, demoUser('acme', 'cm'), `/admin/users?edit=${studentId}`);
    const drawer = page.getByRole('dialog', { name: 'Robin Player' });
    await drawer.getByRole('tab', { name: 'Assignments' }).click();
    const row = drawer.getByRole('table', { name: 'Assignments' }).getByRole('row').filter({ hasText: FIRE });
    await expect.poll(() => row.textContent()).toMatch(/Completed.*100/);
  });

  test('a SCORM 2004 package: closed half-way, resumed where it was, then completed', async () => {
    await signInAsStudent();
    await card(EVACUATION)
      .getByRole('link', { name: `Start ${EVACUATION}` })
      .click();
    await page.getByRole('button', { name: 'Start course' }).click();
    await topicHeading('Evacuation module').waitFor();
    const assignmentId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const frame = page.frameLocator('iframe[title^="Interactive module"]');
    await frame.getByText('Started.').waitFor();
    await frame.getByRole('button', { name: 'Next page' }).click();
    await frame.getByText('Saved at halfway.').waitFor();

    // The commit reaches the API before the learner closes the tab.
    const stored = async () => {
      const response = await page.request.get(`/api/v3/my/assignments/${assignmentId}/player`);
      const body = (await response.json()) as {
        data: { course: { topics: { scorm: { cmi: Record<string, unknown>; sequence: number } | null }[] } };
      };
      return body.data.course.topics[0]!.scorm;
    };
    await expect.poll(async () => (await stored())?.cmi.location).toBe('halfway');
    await page.close();

    page = await context.newPage();
    await page.goto(`/courses/${assignmentId}`);
    await topicHeading('Evacuation module').waitFor();
    // The runtime starts from the stored data: the package resumes at its place.
    await page.waitForFunction(
      () => (window as unknown as { API_1484_11?: { cmi: { location: string; entry: string } } }).API_1484_11?.cmi,
    );
    const resumed = await page.evaluate(() => {
      const api = (
        window as unknown as { API_1484_11: { cmi: { location: string; entry: string; suspend_data: string } } }
      ).API_1484_11;
      return { location: api.cmi.location, entry: api.cmi.entry, suspend: api.cmi.suspend_data };
    });
    expect(resumed).toEqual({ location: 'halfway', entry: 'resume', suspend: '{"page":2,"seen":[1]}' });

    // And the package sees it on screen: its first reads, before any message could come back, answer
    // from the data the player put in its launch URL.
    const frameAgain = page.frameLocator('iframe[title^="Interactive module"]');
    await frameAgain.getByText('Resumed at halfway ({"page":2,"seen":[1]}).').waitFor();
    await frameAgain.getByRole('button', { name: 'Finish the course' }).click();
    await frameAgain.getByText('Completed and passed with 85.').waitFor();
    await page.getByText('Module completed').waitFor();
    await page.getByRole('button', { name: 'See your result' }).click();
    await page.getByRole('heading', { name: 'You passed: course completed' }).waitFor();
    await page.getByText('85%', { exact: true }).waitFor();
  });
});

describe('certificate verification', () => {
  test('an unknown number says so clearly, without signing in', async () => {
    await page.goto('/verify/HEED-AAAA-BBBB-CCCC');
    await page.getByRole('heading', { level: 1, name: 'Certificate not found' }).waitFor();
    await page.getByText('No certificate has this number. Check the number and try again.').waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });
});

describe('on a phone in dark mode', () => {
  test('My Courses and the player fit 390 px and pass axe', async () => {
    await context.close();
    context = await chromium.newContext({ width: 390, height: 844, colorScheme: 'dark' });
    page = await context.newPage();
    await signInAsStudent();
    await card(FIRE).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
    const overflow = () =>
      page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    await expect(overflow()).resolves.toBe(0);
    await card(FIRE)
      .getByRole('link', { name: `Review ${FIRE}` })
      .click();
    await page.getByRole('heading', { name: 'Course completed' }).waitFor();
    await expect(overflow()).resolves.toBe(0);
    await expect(seriousViolations(page)).resolves.toEqual([]);
    await page.getByRole('button', { name: /Course contents/ }).click();
    await page.getByRole('navigation', { name: 'Course contents' }).waitFor();
    await expect(seriousViolations(page)).resolves.toEqual([]);
  });
});
