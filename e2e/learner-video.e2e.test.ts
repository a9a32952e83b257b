import type { Page } from 'playwright-core';
import { describe, expect, inject, test } from 'vitest';
import { apiAs, ok } from './support/api.ts';
import { submitSignIn } from './support/browser.ts';
import { SITE_ADMIN, demoUser } from './support/demo-users.ts';
import { apiFromPage, signInToConsole } from './support/shell.ts';
import { useChromium } from './support/use-chromium.ts';

// A real video end to end: Chromium records a WebM of a canvas (MediaRecorder), a site admin uploads it in
// the course editor, a Company Manager assigns the course, and the learner plays it to the end in the
// player: the server answers the video's range requests with 206, the topic completes ("watched to the
// end" is the played ranges covering the video, so it must really play) and the next topic unlocks.

const baseUrl = inject('baseUrl');
const suffix = Date.now().toString(36);
const LEARNER = { login: `e2e.video.${suffix}`, password: 'learner-e2e-pass-123' };
const COURSE = `Ladder Safety ${suffix}`;
const VIDEO_SECONDS = 3;

const chromium = useChromium();

/**
 * A WebM (VP8/VP9, no audio) of `seconds` of a canvas whose colour and counter change every frame, as
 * Chromium's MediaRecorder writes it: the bytes of a real recording, made in the page.
 */
async function recordWebm(page: Page, seconds: number): Promise<Buffer> {
  const base64 = await page.evaluate(async (ms) => {
    const canvas = document.createElement('canvas');
    canvas.width = 320;
    canvas.height = 180;
    const draw = canvas.getContext('2d')!;
    const mimeType = ['video/webm;codecs=vp9', 'video/webm;codecs=vp8', 'video/webm'].find((type) =>
      MediaRecorder.isTypeSupported(type),
    );
    const recorder = new MediaRecorder(canvas.captureStream(25), { mimeType });
    const chunks: Blob[] = [];
    recorder.ondataavailable = (event) => chunks.push(event.data);
    const stopped = new Promise((resolve) => {
      recorder.onstop = resolve;
    });
    recorder.start(250);
    const start = performance.now();
    await new Promise<void>((resolve) => {
      const frame = () => {
        const elapsed = performance.now() - start;
        draw.fillStyle = `hsl(${(elapsed / 10) % 360} 70% 45%)`;
        draw.fillRect(0, 0, canvas.width, canvas.height);
        draw.fillStyle = '#fff';
        draw.font = '32px sans-serif';
        draw.fillText(`${(elapsed / 1000).toFixed(1)} s`, 110, 100);
        if (elapsed < ms) requestAnimationFrame(frame);
        else resolve();
      };
      frame();
    });
    recorder.stop();
    await stopped;
    const bytes = new Uint8Array(await new Blob(chunks, { type: 'video/webm' }).arrayBuffer());
    let binary = '';
    for (const byte of bytes) binary += String.fromCharCode(byte);
    return btoa(binary);
  }, seconds * 1000);
  return Buffer.from(base64, 'base64');
}

describe('a video topic', () => {
  test('uploaded in the course editor, played to the end by a learner over range requests, completes and unlocks the next topic', async () => {
    // The site admin records the video and builds the course in the editor.
    const adminContext = await chromium.newContext({ width: 1440, height: 1000 });
    const admin = await adminContext.newPage();
    await signInToConsole(admin, SITE_ADMIN, '/admin/settings/courses/new');
    await admin.getByRole('heading', { name: 'Topics' }).waitFor();
    const webm = await recordWebm(admin, VIDEO_SECONDS);
    expect(webm.subarray(0, 4)).toEqual(Buffer.from([0x1a, 0x45, 0xdf, 0xa3]));

    await admin.getByRole('textbox', { name: 'Name' }).fill(COURSE);
    await admin.getByRole('textbox', { name: 'Estimated duration' }).fill('5');
    const addTopic = async (kind: string) => {
      await admin.getByRole('button', { name: 'Add topic' }).click();
      await admin.getByRole('menuitem', { name: new RegExp(`^${kind}`) }).click();
    };
    await addTopic('Video');
    const videoTopic = admin.getByRole('region', { name: /^Topic 1/ });
    await videoTopic.getByRole('textbox', { name: 'Topic name' }).fill('Setting up the ladder');
    // A click that lands while the new topic's card is still rendering opens no file chooser (once in a
    // clean-clone CI run, three lanes on two cores): the admin clicks again.
    const chooseFile = async () => {
      for (let attempt = 1; ; attempt++) {
        const chooser = admin.waitForEvent('filechooser', { timeout: 10_000 });
        await videoTopic.getByRole('button', { name: 'Upload video' }).click();
        try {
          return await chooser;
        } catch (error) {
          if (attempt === 3) throw error;
        }
      }
    };
    const chooser = await chooseFile();
    await chooser.setFiles({ name: 'ladder.webm', mimeType: 'video/webm', buffer: webm });
    await videoTopic.getByRole('button', { name: 'Remove ladder.webm from this topic' }).waitFor();

    await addTopic('Text');
    const textTopic = admin.getByRole('region', { name: /^Topic 2/ });
    await textTopic.getByRole('textbox', { name: 'Topic name' }).fill('Three points of contact');
    await textTopic.getByRole('textbox', { name: 'Text', exact: true }).click();
    await admin.keyboard.type('Keep two hands and a foot on the ladder.');

    await admin.getByRole('button', { name: 'Save course' }).click();
    await admin.waitForURL(/\/admin\/settings\/courses\/\d+$/);
    const courseId = Number(new URL(admin.url()).pathname.split('/').pop());
    const saved = await apiFromPage<{
      data: { all_companies: boolean; topics: { kind: string; media: { mime_type?: string; size: number } | null }[] };
    }>(admin, 'GET', `/courses/${courseId}`);
    expect(saved.json.data.all_companies).toBe(true);
    expect(saved.json.data.topics.map((topic) => topic.kind)).toEqual(['video', 'text']);
    expect(saved.json.data.topics[0]?.media?.size).toBe(webm.length);
    await adminContext.close();

    // A Company Manager adds a learner and assigns the course.
    const manager = await apiAs(baseUrl, demoUser('acme', 'cm').login, demoUser('acme', 'cm').password);
    const learner = await ok<{ id: number }>(
      await manager.post('/api/v3/users', {
        data: {
          username: LEARNER.login,
          first_name: 'Vera',
          last_name: 'Video',
          role: 0,
          password: LEARNER.password,
          custom_fields: { employee_id: `E2E-V-${suffix}` },
        },
        headers: { 'X-XSRF-TOKEN': await manager.csrf() },
      }),
    );
    const assigned = await ok<{ created: number }>(
      await manager.post('/api/v3/assignments', {
        data: { learners: { user_ids: [learner.id] }, course_ids: [courseId] },
        headers: { 'X-XSRF-TOKEN': await manager.csrf() },
      }),
    );
    expect(assigned.created).toBe(1);
    await manager.dispose();

    // The learner plays it.
    const context = await chromium.newContext({ width: 1280, height: 900 });
    context.setDefaultTimeout(20_000);
    const page = await context.newPage();
    const mediaResponses: { status: number; range: string | null; contentRange: string | null }[] = [];
    page.on('response', async (response) => {
      if (!/\/content\/media\/\d+$/.test(new URL(response.url()).pathname)) return;
      mediaResponses.push({
        status: response.status(),
        range: await response.request().headerValue('range'),
        contentRange: await response.headerValue('content-range'),
      });
    });
    await page.goto('/login');
    await submitSignIn(page, LEARNER.login, LEARNER.password);
    await page
      .getByRole('article', { name: COURSE })
      .getByRole('link', { name: `Start ${COURSE}` })
      .click();
    await page.getByRole('button', { name: 'Start course' }).click();
    await page.getByRole('heading', { level: 2, name: 'Setting up the ladder' }).waitFor();
    const assignmentId = Number(new URL(page.url()).pathname.split('/').at(-1));
    const outline = page.getByRole('navigation', { name: 'Course contents' });
    const nextTopic = outline.getByRole('button', { name: /Three points of contact/ });
    await expect(nextTopic.isDisabled()).resolves.toBe(true);
    await page.getByText('Watch the video to the end to continue.').waitFor();

    // Played for real, at double speed: the player reports the played ranges when the video ends.
    const video = page.locator('video');
    await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThan(0);
    await video.click();
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.playbackRate = 2;
      if (v.paused) await v.play();
    });
    await page.getByText('Watched', { exact: true }).waitFor({ timeout: 30_000 });
    const played = await video.evaluate((v: HTMLVideoElement) => {
      let seconds = 0;
      for (let i = 0; i < v.played.length; i++) seconds += v.played.end(i) - v.played.start(i);
      return { seconds, duration: v.duration, ended: v.ended };
    });
    expect(played.ended).toBe(true);
    expect(played.seconds).toBeGreaterThan(VIDEO_SECONDS * 0.9);

    // The server answered the video with byte ranges.
    expect(mediaResponses.length).toBeGreaterThan(0);
    expect(mediaResponses.every((response) => response.status === 206)).toBe(true);
    expect(mediaResponses[0]).toMatchObject({ range: expect.stringMatching(/^bytes=\d+-\d*$/) });
    expect(mediaResponses[0]?.contentRange).toMatch(new RegExp(`^bytes \\d+-\\d+/${webm.length}$`));

    // Completed on the server, with what was watched; the next topic is open.
    const player = await page.request.get(`/api/v3/my/assignments/${assignmentId}/player`);
    type Topic = { name: string; status: string; content_url: string | null };
    const topics = ((await player.json()) as { data: { course: { topics: Topic[] } } }).data.course.topics;
    expect(topics.map((topic) => [topic.name, topic.status])).toEqual([
      ['Setting up the ladder', 'completed'],
      ['Three points of contact', 'available'],
    ]);
    // A range from the middle (a seek) answers exactly those bytes of the uploaded file.
    const middle = await page.request.get(topics[0]!.content_url!, { headers: { Range: 'bytes=1000-1999' } });
    expect(middle.status()).toBe(206);
    expect(middle.headers()['content-range']).toBe(`bytes 1000-1999/${webm.length}`);
    expect(Buffer.from(await middle.body()).equals(webm.subarray(1000, 2000))).toBe(true);
    await expect(nextTopic.isDisabled()).resolves.toBe(false);
    await page.getByRole('button', { name: 'Next topic' }).click();
    await page.getByRole('heading', { level: 2, name: 'Three points of contact' }).waitFor();
    await page.getByText('Keep two hands and a foot on the ladder.').waitFor();
    await context.close();
  });
});
