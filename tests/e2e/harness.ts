import { after, before } from 'node:test';
import { spawn, type ChildProcess } from 'node:child_process';
import { cp, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext, type Locator, type Page } from 'playwright-core';
import AxeBuilder from '@axe-core/playwright';

export const RESULTS_DIR = 'test-results';
/** The journeys read emailed links from the development mailbox with this key. */
const MAILBOX_KEY = `e2e-mailbox-${process.pid}-${Date.now()}`;
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });

/**
 * Tries `attempt` until it answers something other than undefined: a wait on a condition, with
 * pauses that grow to a second between tries. The limit is generous so that a busy machine makes
 * a journey slower, not failing; `what` names the condition (or says what was seen) when it never holds.
 */
export const eventually = async <T>(what: string | (() => string), attempt: () => Promise<T | undefined>, timeoutMs = 120_000): Promise<T> => {
  const deadline = Date.now() + timeoutMs;
  for (let pause = 50; ; pause = Math.min(pause * 2, 1_000)) {
    const value = await attempt();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`never: ${typeof what === 'string' ? what : what()}`);
    await new Promise((resolve) => setTimeout(resolve, pause));
  }
};

export interface RunningServer {
  readonly url: string;
  stop(): Promise<void>;
}

export interface ServerOptions {
  /** Write the demo organisation at start (the dashboards journeys read it); off elsewhere, to save time. */
  readonly demo?: boolean;
  /** Further settings of the server, e.g. a low rate limit. */
  readonly env?: Readonly<Record<string, string>>;
  /** A folder the server keeps its embedded database in, left in place when it stops (run.ts's templates). */
  readonly dataDir?: string;
}

/**
 * Folders where run.ts left an embedded database already migrated and seeded, without and with
 * the demo organisation: a suite's server starts from a copy of one instead of creating and
 * seeding its own (about 6 s less per suite). Without them (a suite run alone) it creates its own.
 */
export const TEMPLATE_VARIABLES = { plain: 'E2E_TEMPLATE_PLAIN', demo: 'E2E_TEMPLATE_DEMO' } as const;

/** Where run.ts left the server bundled into one file; without it (a suite run alone) the server runs under tsx. */
export const SERVER_BUNDLE_VARIABLE = 'E2E_SERVER_BUNDLE';

/**
 * Starts the real product on a free port with a throwaway embedded database: the way `npm start`
 * does (building the client when it is stale) for run.ts's templates and a suite run alone, from
 * run.ts's bundle of the same modules for the suites of a whole run.
 */
export const startServer = async (options: ServerOptions = {}): Promise<RunningServer> => {
  const port = await freePort();
  const keep = options.dataDir !== undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(join(tmpdir(), 'e2e-db-')));
  const template = process.env[TEMPLATE_VARIABLES[options.demo ? 'demo' : 'plain']];
  if (!keep && template) await cp(template, dataDir, { recursive: true });
  const bundle = keep ? undefined : process.env[SERVER_BUNDLE_VARIABLE];
  const child: ChildProcess = spawn(process.execPath, bundle ? [bundle] : ['--import', 'tsx', 'server/start.ts'], {
    // Journeys read the figures of the answers they have just given: batches are released at once.
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: '', DEMO_SEED: options.demo ? 'on' : 'off', MAILBOX_KEY, STATISTICS_BATCH_WAIT_HOURS: '0', ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  // Generous: a start took over 240 s, printing nothing, with two runs beside each other on two cores.
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`server did not start in time:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return {
    url,
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      // The grace timer is unref'd: a pending timer kept each suite's process alive ten seconds after its server had stopped.
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000).unref())]);
      if (child.exitCode === null) child.kill('SIGKILL');
      if (!keep) await rm(dataDir, { recursive: true, force: true });
    },
  };
};

export interface Browser {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A fresh Chromium profile per suite, with the network flags this machine needs; `locale` sets
 * the browser's language (navigator.languages and Accept-Language).
 */
/**
 * The cookie-consent choice most journeys start with: made earlier ("Accept all"), so the banner
 * does not sit over the pages they test. The consent journey passes `consent: 'unasked'`.
 */
const ACCEPTED_EARLIER = `if (!localStorage.getItem('cookieConsent')) localStorage.setItem('cookieConsent', '{"v":1,"choice":"all"}');`;

export const launchBrowser = async (options: { readonly locale?: string; readonly consent?: 'accepted' | 'unasked' } = {}): Promise<Browser> => {
  const profile = await mkdtemp(join(tmpdir(), 'e2e-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM,
    headless: true,
    ...(options.locale ? { locale: options.locale } : {}),
    viewport: { width: 1280, height: 800 },
    args: [
      '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync',
    ],
  });
  if (options.consent !== 'unasked') await context.addInitScript({ content: ACCEPTED_EARLIER });
  // Playwright's 30 s default for an action or a wait was hit on a busy machine, and 90 s was hit
  // with a third of the cores' time left to a run (two runs beside each other); a hang still fails.
  context.setDefaultTimeout(180_000);
  return {
    context,
    close: async () => {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
};

/**
 * axe-core over the page as it is, every rule. Legacy mode runs axe.run in the page itself: the
 * default mode opens a blank page of its own for every audit to merge frames' results, and our
 * pages have no frames to merge. Only violations carry their nodes: passes were serialised whole
 * and read by nothing. Together they halved an audit (a languages dashboard: 1.7 s to 0.7 s).
 */
export const auditPage = (page: Page): AxeBuilder => new AxeBuilder({ page }).setLegacyMode(true).options({ resultTypes: ['violations'] });

/** Runs axe-core on the page as it is and fails with the rule ids and targets found. */
export const expectAccessible = async (page: Page, label: string): Promise<void> => {
  const results = await auditPage(page).analyze();
  if (results.violations.length > 0) {
    const detail = results.violations
      .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
      .join('\n');
    throw new Error(`axe found ${results.violations.length} violation(s) on ${label}:\n${detail}`);
  }
};

/**
 * react-aria announces a pending button through a live-region node labelled by that button; when
 * the button is gone once its action is done (a confirmation, a verified domain), the node points
 * at nothing until react-aria removes it. Journeys run axe after that announcement is over.
 */
export const announcementsSettled = (page: Page): Promise<unknown> =>
  page.waitForFunction(() =>
    [...document.querySelectorAll('[role="img"][aria-labelledby]')].every((node) =>
      (node.getAttribute('aria-labelledby') ?? '').split(' ').every((id) => document.getElementById(id) !== null)),
  );

/**
 * Pictures of the screens for a person to look at, in test-results/. `.ci/run` sets
 * E2E_SCREENSHOTS=off: a clean clone's pictures are thrown away unseen, and drawing them (about
 * 180, most of them whole pages at 390 px) was a good part of the journeys' time. A journey's
 * checks never read a picture, so nothing a journey asserts changes with the setting.
 */
const PICTURES_WANTED = process.env.E2E_SCREENSHOTS !== 'off';

/** A picture of a part of the page (a card, a menu) as `name`.png; without pictures, it still waits for the part to be shown. */
export const partShot = async (part: Locator, name: string): Promise<void> => {
  if (!PICTURES_WANTED) return part.waitFor();
  await mkdir(RESULTS_DIR, { recursive: true });
  await part.screenshot({ path: join(RESULTS_DIR, `${name}.png`) });
};

/** A picture of what the window shows (not the whole page) as `name`.png. */
export const viewportShot = async (page: Page, name: string): Promise<void> => {
  if (!PICTURES_WANTED) return;
  await mkdir(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: join(RESULTS_DIR, `${name}.png`) });
};

/** A picture of the whole page as `name`.png. */
export const screenshot = async (page: Page, name: string): Promise<void> => {
  if (!PICTURES_WANTED) return;
  await mkdir(RESULTS_DIR, { recursive: true });
  await page.screenshot({ path: join(RESULTS_DIR, `${name}.png`), fullPage: true });
};

export interface Account {
  readonly email: string;
  readonly password: string;
  readonly organization: string;
}

let accounts = 0;

/** Registers an organisation through the API, as the registration wizard would. */
export const registerAccount = async (server: RunningServer, prefix = 'admin'): Promise<Account> => {
  const n = `${Date.now()}-${++accounts}`;
  const account = { email: `${prefix}-${n}@example.org`, password: 'Sturdy-Pass-42', organization: `Org ${n}` };
  const response = await fetch(`${server.url}/api/head-register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      organization_name: account.organization, country: 'AU', industry: null, first_name: 'Ada', last_name: 'Lovelace',
      email: account.email, password: account.password, password_confirmation: account.password, agree: true,
    }),
  });
  if (response.status !== 200) throw new Error(`registration failed: ${response.status} ${await response.text()}`);
  return account;
};

/** Signs in through the API: the account's bearer token, without signing a browser in. */
export const apiToken = async (server: RunningServer, account: Pick<Account, 'email' | 'password'>): Promise<string> => {
  const response = await fetch(`${server.url}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: account.email, password: account.password }),
  });
  const body = (await response.json()) as { data?: { access_token?: string } };
  const token = body.data?.access_token;
  if (!token) throw new Error(`sign-in failed: ${JSON.stringify(body)}`);
  return token;
};

/** A POST to the API as `token`; its data, or an error naming the answer. */
export const apiPost = async <T>(server: RunningServer, token: string, path: string, payload: unknown): Promise<T> => {
  const response = await fetch(`${server.url}/api${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(payload),
  });
  const body = (await response.json()) as { data?: T };
  if (response.status !== 200 || body.data === undefined) throw new Error(`${path} answered ${response.status}: ${JSON.stringify(body)}`);
  return body.data;
};

/** Signs in through the API and puts the token where the client keeps it. */
export const signInWithCookie = async (server: RunningServer, context: BrowserContext, account: Account): Promise<string> => {
  const token = await apiToken(server, account);
  await context.addCookies([{ name: 'token', value: token, domain: '127.0.0.1', path: '/', sameSite: 'Lax' }]);
  return token;
};

/** Signs `account` in and opens the dashboards' home in a new page of the suite's browser, at `viewport`, once its heading is drawn. */
export const openSignedInHome = async (suite: Suite, account: Account, viewport: { width: number; height: number }): Promise<Page> => {
  await signInWithCookie(suite.server, suite.browser.context, account);
  const page = await suite.browser.context.newPage();
  await page.setViewportSize(viewport);
  await page.goto(`${suite.server.url}/dashboard/home`);
  await page.getByRole('heading', { level: 1 }).waitFor({ timeout: 180_000 });
  return page;
};

/** The newest message the development mailbox holds for an address. */
export const latestMail = async (server: RunningServer, to: string): Promise<{ subject: string; text: string; link: string | null }> => {
  return eventually(`a mail for ${to}`, async () => {
    const response = await fetch(`${server.url}/api/dev/outbox?to=${encodeURIComponent(to)}`, { headers: { 'x-mailbox-key': MAILBOX_KEY } });
    const body = (await response.json()) as { data?: { subject: string; text: string; link: string | null }[] };
    return body.data?.[0];
  });
};

export interface Suite {
  readonly server: RunningServer;
  readonly browser: Browser;
}

/** Signs in through the login form, as a person does. */
export const signInThroughPage = async (server: RunningServer, page: Page, account: Pick<Account, 'email' | 'password'>): Promise<void> => {
  await page.goto(`${server.url}/login`);
  await page.getByLabel('Email', { exact: true }).fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Log in' }).click();
};

/** One server and one browser profile per suite file, started before and stopped after it. */
/** The seeded demo organisation's administrator (server/demo). */
export const DEMO_ACCOUNT: Account = { email: 'demo@commonweave.test', password: 'Demo-Weave-2026', organization: '' };

/** A suite over its own server with the demo organisation, its browser signed in as the demo administrator. */
export const useDemoSuite = (): Suite & { readonly token: string } => {
  const suite = {} as { server: RunningServer; browser: Browser; token: string };
  before(async () => {
    suite.server = await startServer({ demo: true });
    suite.browser = await launchBrowser();
    suite.token = await signInWithCookie(suite.server, suite.browser.context, DEMO_ACCOUNT);
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
};

export const useSuite = (options: ServerOptions = {}): Suite => {
  const suite = {} as { server: RunningServer; browser: Browser };
  before(async () => {
    suite.server = await startServer(options);
    suite.browser = await launchBrowser();
  });
  after(async () => {
    await suite.browser?.close();
    await suite.server?.stop();
  });
  return suite;
};
