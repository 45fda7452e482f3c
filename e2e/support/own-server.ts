import { rmSync } from 'node:fs';
import path from 'node:path';
import { test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { SmtpReceiver } from '../../packages/server/test/accounts/smtp-receiver.js';
import { startServer, waitForExit, type ServerProcess } from '../../packages/server/test/support/server-process.js';
import { preparedDataDir } from './data-dir.js';

const WEB_DIST = process.env.WEB_DIST || path.resolve(import.meta.dirname, '../../packages/web/dist');

export interface OwnServer {
  /** The SMTP server in this test process that receives what the application sends. */
  readonly smtp: SmtpReceiver;
  readonly server: ServerProcess;
  /** A page in a browser context of its own (one per person), closed after each test. */
  pageOn(browser: Browser): Promise<Page>;
}

/**
 * A spec's own application (a copy of the run's prepared database with demo data) whose SMTP_URL points at an SMTP
 * server in the test process: registers the hooks that start and stop both, and closes the
 * browser contexts each test opens. Read `smtp` and `server` inside tests.
 */
export function ownServerWithMail(prefix: string): OwnServer {
  let smtp: SmtpReceiver | undefined;
  let server: ServerProcess | undefined;
  let dataDir: string | undefined;
  const contexts: BrowserContext[] = [];
  test.beforeAll(async () => {
    test.setTimeout(240_000);
    smtp = await new SmtpReceiver().start();
    dataDir = preparedDataDir(prefix);
    server = await startServer({ DATA_DIR: dataDir, DEMO_DATA: 'true', SMTP_URL: smtp.url, WEB_DIST, MAIL_FROM: 'Circula <no-reply@circula.example>' });
  });
  test.afterAll(async () => {
    if (server) {
      server.child.kill('SIGTERM');
      await waitForExit(server.child);
    }
    await smtp?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });
  test.afterEach(async () => {
    await Promise.all(contexts.splice(0).map((context) => context.close()));
  });
  return {
    get smtp() {
      return smtp!;
    },
    get server() {
      return server!;
    },
    async pageOn(browser) {
      const context = await browser.newContext({ baseURL: server!.baseUrl });
      contexts.push(context);
      return context.newPage();
    },
  };
}
