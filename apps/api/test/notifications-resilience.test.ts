import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join, resolve } from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { closeMailTransports } from '../src/platform/mail.ts';
import {
  type MailPeer,
  type NotificationsWorld,
  addSchedule,
  assignDue,
  closeWorld,
  createNotificationsWorld,
  deliver,
  deliveries,
  pass,
  startMailPeer,
  useMailPeer,
} from './notifications.fixture.ts';
import { createUser } from './support/factories.ts';

let w: NotificationsWorld | undefined;
let peer: MailPeer | undefined;
afterEach(async () => {
  await closeWorld(w);
  await peer?.close();
  w = undefined;
  peer = undefined;
});

const LEARNERS = 60;

/** LEARNERS learners, each with an assignment one day overdue, and a User Reminder for that step. */
async function reminderRun(world: NotificationsWorld) {
  await addSchedule(world, { type: 'reminder_employee', trigger: 'after_due', offset_days: 1 });
  for (let i = 1; i <= LEARNERS; i += 1) {
    const learner = await createUser(world.t.db, { companyId: world.acme, username: `learner${i}` });
    await assignDue(world, learner.id, -1);
  }
  expect(await pass(world)).toMatchObject({ queued: LEARNERS });
}

/** Every learner got exactly one message, and the log says each was sent. */
async function expectEachOnce(world: NotificationsWorld, mail: MailPeer['arrived']) {
  const recipients = mail.map((m) => m.to).sort();
  const expected = Array.from({ length: LEARNERS }, (_, i) => `learner${i + 1}@example.test`).sort();
  expect(recipients).toEqual(expected);
  expect(new Set(mail.map((m) => m.messageId)).size).toBe(LEARNERS);
  const log = await deliveries(world);
  expect(log).toHaveLength(LEARNERS);
  expect(log.every((d) => d.status === 'sent')).toBe(true);
}

describe('notifications: outages and crashes lose nothing and send nothing twice', { timeout: 240_000 }, () => {
  it('an SMTP outage during a reminder run: everything arrives once the server is back, none twice', async () => {
    w = await createNotificationsWorld();
    // The server takes 20 messages, then answers 421 (service not available) to the rest.
    let down = false;
    peer = await startMailPeer({
      beforeAccept: (count) => {
        if (count === 20) down = true;
        if (down && count > 20) throw Object.assign(new Error('4.3.2 Service shutting down'), { responseCode: 421 });
      },
    });
    await useMailPeer(w, peer.port);
    await reminderRun(w);

    const first = await deliver(w);
    expect(first.sent).toBe(20);
    expect(first.retrying).toBe(LEARNERS - 20);
    // Then it is gone altogether: nothing listens on its port.
    closeMailTransports();
    const port = peer.port;
    const arrivedBefore = [...peer.arrived];
    await peer.close();
    peer = undefined;
    w.t.clock.advanceMinutes(1);
    expect(await deliver(w)).toMatchObject({ sent: 0, retrying: LEARNERS - 20 });
    const waiting = (await deliveries(w)).filter((d) => d.status === 'queued');
    expect(waiting).toHaveLength(LEARNERS - 20);
    expect(waiting.every((d) => d.attempts === 2 && /ECONNREFUSED/.test(d.error ?? ''))).toBe(true);

    // Back on the same port: the retries (after their backoff) bring every message, once.
    peer = await startMailPeer({}, port);
    expect(await deliver(w)).toMatchObject({ sent: 0 }); // still backing off
    w.t.clock.advanceMinutes(2);
    expect(await deliver(w)).toMatchObject({ sent: LEARNERS - 20 });
    await expectEachOnce(w, [...arrivedBefore, ...peer.arrived]);
    w.t.clock.advanceMinutes(60);
    expect(await deliver(w)).toMatchObject({ sent: 0 });
    expect(await pass(w)).toMatchObject({ queued: 0 });
  });

  it('a worker killed with SIGKILL mid-run: on restart nothing is lost or duplicated', async () => {
    w = await createNotificationsWorld();
    // The 15th message's reply (and every later one's) is held: the worker is killed while it waits,
    // so those messages were never accepted; the ones before were accepted and recorded.
    let hold: (() => void) | undefined;
    const held = new Promise<void>((resolve) => {
      hold = resolve;
    });
    let holding = false;
    let released = false;
    let dropped = 0;
    peer = await startMailPeer({
      beforeAccept: async (count) => {
        if (count >= 15 && !released) {
          holding = true;
          await held;
          dropped += 1;
          throw Object.assign(new Error('4.4.2 Connection lost'), { responseCode: 421 });
        }
      },
    });
    await useMailPeer(w, peer.port);
    await reminderRun(w);

    const child = await startChild(w);
    let output = '';
    child.stdout?.on('data', (chunk) => (output += chunk));
    child.stderr?.on('data', (chunk) => (output += chunk));
    const exited = once(child, 'exit');
    while (!holding) {
      if (child.exitCode !== null) throw new Error(`The worker ended before it could be killed:\n${output}`);
      await delay(10);
    }
    await delay(500); // the messages accepted before are recorded meanwhile
    child.kill('SIGKILL');
    const [code, signal] = await exited;
    expect(signal ?? code).toBe('SIGKILL');
    released = true;
    hold!();
    await delay(100);

    const killed = await deliveries(w);
    const sentBefore = killed.filter((d) => d.status === 'sent').length;
    expect(sentBefore).toBe(14);
    const claimed = killed.filter((d) => d.status === 'sending').length;
    expect(claimed).toBeGreaterThan(0);
    expect(peer.arrived).toHaveLength(14);

    // A new worker sends what the dead one had not claimed; its claims wait for their lease to end,
    // then are taken back and sent.
    expect(await deliver(w)).toMatchObject({ sent: LEARNERS - 14 - claimed });
    w.t.clock.advanceMinutes(3);
    const rest = await deliver(w);
    expect(rest.sent).toBe(claimed);
    expect(dropped).toBeGreaterThan(0);
    await expectEachOnce(w, peer.arrived);
  });
});

async function startChild(world: NotificationsWorld): Promise<ChildProcess> {
  const { t } = world;
  const env: Record<string, string> =
    t.dialect === 'sqlite'
      ? { CHILD_DATABASE_URL: join(t.dataDir, 'heed.sqlite'), CHILD_DATA_DIR: t.dataDir }
      : { CHILD_DATABASE_URL: t.databaseUrl, CHILD_DATA_DIR: t.dataDir };
  const here = fileURLToPath(new URL('.', import.meta.url));
  return spawn(process.execPath, ['--import', 'tsx', join(here, 'notifications-crash-child.ts')], {
    cwd: resolve(here, '../../..'),
    env: { ...process.env, ...env, CHILD_NOW: t.clock.now.toISOString() },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}
