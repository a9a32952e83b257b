import { MESSAGES, PASSWORD_RESET_MESSAGES } from '@heed/contract';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { submitSignIn } from './support/browser.ts';
import { demoUser } from './support/demo-users.ts';
import { type RunningHeed, startHeed } from './support/server.ts';
import { apiFromPage, pathOf, signInToConsole } from './support/shell.ts';
import { type SmtpPeer, startSmtpPeer } from './support/smtp-peer.ts';
import { useChromium } from './support/use-chromium.ts';

// Issue 17: real e-mail arrives. This file's own Heed sends through SMTP_URL to an in-process SMTP server
// (the demo companies have no SMTP settings of their own, so the server's route is theirs too), and its
// job worker runs in a thread (WORKER=thread) as `npm start` runs it.

const chromium = useChromium();
let peer: SmtpPeer;
let heed: RunningHeed;

beforeAll(async () => {
  peer = await startSmtpPeer();
  heed = await startHeed({ SMTP_URL: peer.url, WORKER: 'thread' });
}, 240_000);
afterAll(async () => {
  await heed?.stop();
  await peer?.close();
});

async function newPage(): Promise<Page> {
  const context = await chromium.newContext({ width: 1440, height: 900 }, heed.url);
  return context.newPage();
}

/** The link in `links` whose path (below the server's address) matches. */
function linkTo(links: string[], path: RegExp): URL {
  const found = links
    .map((link) => new URL(link))
    .find((url) => url.origin === heed.url && path.test(url.pathname + url.search));
  if (!found) throw new Error(`no link to ${path} among:\n${links.join('\n')}`);
  return found;
}

describe('a password reset by e-mail (spec §4)', () => {
  const manager = demoUser('borealis', 'dm');
  const newPassword = 'a-fresh-borealis-passphrase';

  test('asked for on the sign-in page, the e-mailed link sets a new password and opens the console with the message', async () => {
    const page = await newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    await page.getByLabel('Username or e-mail').fill(manager.login);
    await page.getByRole('button', { name: 'E-mail me a reset link' }).click();
    await page.getByRole('heading', { name: 'Check your e-mail' }).waitFor();
    await page.getByRole('status').getByText(PASSWORD_RESET_MESSAGES.requested).waitFor();

    const mail = await peer.waitFor('reset e-mail', (m) => m.to.includes(manager.email) && /reset/i.test(m.subject));
    expect(mail.subject).toBe('Reset your password');
    expect(mail.text).toContain('Hello Erik,');
    const link = linkTo(mail.links, /^\/password\/reset\/[A-Za-z0-9_-]{20,}$/);

    // Followed in the browser (a fresh profile, as a mail client would open it).
    const reader = await newPage();
    const visited: string[] = [];
    reader.on('framenavigated', (frame) => {
      if (frame === reader.mainFrame()) visited.push(pathOf(reader));
    });
    await reader.goto(link.toString());
    await reader.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    await reader.getByLabel(/^New password(?! again)/).fill(newPassword);
    await reader.getByLabel('New password again').fill(newPassword);
    await reader.getByRole('button', { name: 'Save password and sign in' }).click();

    // Staff land on the console with spec §4's message; the console then drops the query parameter.
    await reader.getByText(MESSAGES.passwordChanged).waitFor();
    expect(visited).toContain('/admin?password_reset=1');
    await expect.poll(() => pathOf(reader)).toMatch(/^\/admin\/?$/);
    await reader.getByTestId('signed-in-user').getByText('Erik Haugen', { exact: true }).waitFor();

    // The change is confirmed by e-mail too.
    const confirmation = await peer.waitFor(
      'password-changed e-mail',
      (m) => m.to.includes(manager.email) && m.subject === 'Your password has been reset',
    );
    expect(confirmation.text).toContain('Hello Erik,');

    // The link is used up.
    const again = await newPage();
    await again.goto(link.toString());
    await again.getByLabel(/^New password(?! again)/).fill('yet-another-passphrase');
    await again.getByLabel('New password again').fill('yet-another-passphrase');
    await again.getByRole('button', { name: 'Save password and sign in' }).click();
    await again.getByRole('alert').getByText(PASSWORD_RESET_MESSAGES.invalidToken).waitFor();
  });

  test('the new password signs in; the old one no longer does', async () => {
    const page = await newPage();
    await page.goto('/login');
    await submitSignIn(page, manager.login, manager.password);
    await page.getByRole('alert').getByText('These credentials do not match our records.').waitFor();
    expect(pathOf(page)).toBe('/login');

    await signInToConsole(page, { login: manager.login, password: newPassword });
    await page.getByTestId('signed-in-user').getByText('Erik Haugen', { exact: true }).waitFor();
  });
});

describe('an event message: a course assigned on the New assignment page', () => {
  // Cedar (120 people): its people picker lists everyone. Acme's lists the first 500 of ~1,460 by last
  // name, so its demo student (Sam Taylor) cannot be picked by name there.
  test('the learner gets the course_assignment e-mail, and its Assignment Details link shows the assignment', async () => {
    const manager = demoUser('cedar', 'cm');
    const learner = demoUser('cedar', 'student');
    const page = await newPage();
    await signInToConsole(page, manager, '/admin/assignments/new');

    // A course Leo Martins holds no assignment of, so one is created and e-mailed.
    const users = await apiFromPage<{ data: { id: number; username: string }[] }>(
      page,
      'GET',
      `/users?text=${learner.login}`,
    );
    const leoId = users.json.data.find((u) => u.username === learner.login)!.id;
    const held = await apiFromPage<{ data: { course: { name: string } }[] }>(
      page,
      'GET',
      `/assignments?field[user_id]=${leoId}&per_page=100`,
    );
    const courses = await apiFromPage<{ data: { name: string }[] }>(page, 'GET', '/courses?per_page=100');
    const heldNames = new Set(held.json.data.map((a) => a.course.name));
    const course = courses.json.data.map((c) => c.name).find((name) => !heldNames.has(name));
    if (!course) throw new Error(`Leo Martins holds every course: ${[...heldNames].join(', ')}`);

    await page.getByRole('button', { name: 'Choose people' }).click();
    await page.getByRole('dialog').getByRole('searchbox').fill('Leo Martins');
    await page
      .getByRole('dialog')
      .getByRole('treeitem', { name: /^Leo Martins/ })
      .click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => page.getByTestId('learner-count').textContent()).toBe('1 learner picked.');
    await page.getByRole('button', { name: 'Choose courses' }).click();
    await page.getByRole('dialog').getByRole('searchbox').fill(course);
    await page.getByRole('dialog').getByRole('treeitem', { name: course, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'OK' }).click();
    expect(await page.getByRole('switch', { name: 'E-mail the learners now' }).isChecked()).toBe(true);
    await page.getByRole('button', { name: 'Assign', exact: true }).click();
    const result = page.getByRole('status').filter({ hasText: 'assignment created' });
    await result.waitFor();
    await expect.poll(() => result.textContent()).toContain('1 notified by e-mail');

    // The default template: the course and its due date in the subject, Leo by name, a link to start.
    const mail = await peer.waitFor(
      'course assignment e-mail',
      (m) => m.to.includes(learner.email) && m.subject.includes(course),
    );
    expect(mail.subject).toMatch(new RegExp(`^New training: ${regexQuoted(course)} \\(due \\d{4}-\\d{2}-\\d{2}\\)$`));
    expect(mail.text).toContain('Hello Leo,');
    expect(mail.text).toContain(`You have been assigned "${course}".`);
    const details = linkTo(mail.links, /^\/admin\/public\/assignments\?token=[^&]+$/);

    // Opened by the learner, signed out: the assignment by the link alone.
    const reader = await newPage();
    await reader.goto(details.toString());
    await reader.getByRole('heading', { name: 'Assignment Details', level: 1 }).waitFor();
    await reader.getByText('Hello Leo,').waitFor();
    await reader.getByRole('heading', { name: course, level: 2 }).waitFor();
    await reader.getByText('Not started').waitFor();
    const start = reader.getByRole('link', { name: 'Start' });
    expect(await start.getAttribute('href')).toMatch(/^\/login\?redirect=%2Fcourses%2F\d+$/);
  });
});

function regexQuoted(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
