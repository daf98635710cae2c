import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { ACCOUNT_SCREENS } from '../../core/kinds.ts';
import { axeViolations, collectErrors, overflows } from '../support/browser.ts';
import { useTestSite } from '../support/site.ts';
import { setEmulatorClock } from '../support/emulator.ts';
import { BUILT_AT } from '../support/instants.ts';

/**
 * Accounts end to end, as a visitor meets them: Chromium on the built sites, against the
 * emulated back ends of serve-regions (with a fresh database), reading mail from its outbox.
 */
let serial = 0;
/** A new address per test, so tests never share an account. */
const newEmail = (tag: string) => `${tag}-${Date.now().toString(36)}-${(serial += 1)}@example.com`;
const PASSWORD = 'robots4ever';
/** The password of the back ends' carried-over accounts (docs/api.md, "Carried-over accounts"). */
const OLD_PASSWORD = 'oldsite2024';

// scrypt's cheapest sensible cost: the same rules, hashes that are not slow (the default is for real use).
const site = useTestSite({ freshData: true, emulator: { passwordCost: 1024 } });
const url = site.url;

interface Mail {
  to: string;
  subject: string;
  code?: string;
  link?: string;
}

async function latestMail(to: string): Promise<Mail> {
  const response = await fetch(url(`/__emulator/outbox.json?to=${encodeURIComponent(to)}`));
  const mails = ((await response.json()) as { data: Mail[] }).data;
  expect(mails.length, `mail to ${to}`).toBeGreaterThan(0);
  return mails[0]!;
}

const setClock = (at: number | string) => setEmulatorClock(site.server.url, at);

/** Moves the back ends' clock on, as if the visitor waited. */
async function advanceClock(ms: number): Promise<void> {
  const response = await fetch(url('/__emulator/clock'));
  const { data } = (await response.json()) as { data: { now: string } };
  await setClock(Date.parse(data.now) + ms);
}

interface Opened {
  context: BrowserContext;
  page: Page;
  errors: string[];
}

async function open(p: string, context?: BrowserContext): Promise<Opened> {
  const ctx = context ?? (await site.browser.newContext({ viewport: { width: 1280, height: 800 } }));
  const page = await ctx.newPage();
  const errors = collectErrors(page);
  await page.goto(url(p));
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  return { context: ctx, page, errors };
}

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const submit = (page: Page, name: string | RegExp) =>
  page
    .getByRole('main')
    .getByRole('button', { name, exact: typeof name === 'string' })
    .click();

/** Registers by password in a region and verifies with the mailed code; leaves the visitor logged in. */
async function register(page: Page, base: string, email: string): Promise<void> {
  await page.goto(url(`${base}/register`));
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  const main = page.getByRole('main');
  await main.getByLabel('Email address').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await main.getByLabel('Confirm password').fill(PASSWORD);
  await submit(page, 'Create account');
  await expect.poll(() => new URL(page.url()).pathname).toBe(`${base}/verify-email`);
  const mail = await latestMail(email);
  expect(mail.code).toMatch(/^\d{6}$/);
  await main.getByLabel('Verification code', { exact: true }).fill(mail.code!);
  await submit(page, 'Verify');
  await expect.poll(() => new URL(page.url()).pathname).toBe(`${base}/verification-success`);
  await expect.poll(() => heading(page).textContent()).toBe('Account verified');
}

/** A new, verified account in a region, and a visitor (logged out again) on its site. */
async function registered(base: string, tag: string): Promise<Opened & { email: string }> {
  const opened = await open(base);
  const email = newEmail(tag);
  await register(opened.page, base, email);
  await opened.page.evaluate(() => localStorage.clear());
  return { ...opened, email };
}

async function loginByPassword(page: Page, base: string, email: string, password: string, query = ''): Promise<void> {
  await page.goto(url(`${base}/login${query}`));
  await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
  const main = page.getByRole('main');
  await main.getByLabel('Email address').fill(email);
  await main.getByLabel('Password', { exact: true }).fill(password);
  await submit(page, 'Log in');
}

const accountLink = (page: Page) => page.getByTestId('account-link');

describe('accounts', () => {
  it('registers, verifies by code, logs out and logs in again by password', async () => {
    const { context, page, errors } = await open('/us');
    const email = newEmail('ada');
    await register(page, '/us', email);
    await expect.poll(() => accountLink(page).textContent()).toBe('Account');
    await page.goto(url('/us/profile'));
    await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe(email);
    await expect(page.getByRole('main').getByText('Verified', { exact: true }).isVisible()).resolves.toBe(true);
    await expect(page.getByRole('main').getByText('200', { exact: true }).isVisible()).resolves.toBe(true); // new-user reward

    const before = await page.evaluate(() => ({
      user_id: localStorage.getItem('user_id')!,
      apptoken: localStorage.getItem('apptoken')!,
      reftoken: localStorage.getItem('reftoken')!,
    }));
    const logout = page.waitForResponse((r) => r.url().endsWith('/account/user/logout'));
    await page.getByRole('button', { name: 'Log out' }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/us');
    await expect.poll(() => accountLink(page).textContent()).toBe('Log in');
    expect(await page.evaluate(() => ['user_id', 'apptoken', 'reftoken', 'userInfo'].map((k) => localStorage.getItem(k)))).toEqual([
      null,
      null,
      null,
      null,
    ]);
    // The back end ended that session too: its tokens read and renew nothing.
    await logout;
    const answerOf = (path: string, headers: Record<string, string>) =>
      page.evaluate(([p, h]) => fetch(p, { headers: h }).then((r) => r.json() as Promise<{ code: number }>), [path, headers] as const);
    await expect(answerOf('/_api/us/account/user/profile/new', { apptoken: before.apptoken })).resolves.toMatchObject({ code: 4003 });
    await expect(
      answerOf(`/_api/us/account/user/sign_in/refresh?user_id=${before.user_id}`, { apptoken: before.apptoken, reftoken: before.reftoken }),
    ).resolves.toMatchObject({
      code: 4003,
    });

    await loginByPassword(page, '/us', email, PASSWORD, '?fromPath=%2Fus%2Ffaq');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/us/faq');
    await expect.poll(() => accountLink(page).textContent()).toBe('Account');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('validates the registration form with the specified messages', async () => {
    const { context, page } = await open('/us/register');
    const main = page.getByRole('main');
    await main.getByLabel('Email address').fill('not-an-email');
    await main.getByLabel('Password', { exact: true }).fill('short1');
    await main.getByLabel('Confirm password').fill('short2');
    await submit(page, 'Create account');
    await expect.poll(() => main.getByText('Please enter a valid email address.').count()).toBe(1);
    await expect(
      main.getByText('Please use a more complex password: at least 8 characters with letters and numbers.').count(),
    ).resolves.toBe(1);
    await expect(main.getByText('Confirmed password does not match the new password. Please enter again.').count()).resolves.toBe(1);
    await main.getByLabel('Password', { exact: true }).fill('onlyletters');
    await main.getByLabel('Confirm password').fill('onlyletters');
    await main.getByLabel('Email address').fill(newEmail('weak'));
    await submit(page, 'Create account');
    await expect
      .poll(() => main.getByText('Please use a more complex password: at least 8 characters with letters and numbers.').count())
      .toBe(1);
    await expect(main.getByText('Confirmed password does not match').count()).resolves.toBe(0);
    expect(new URL(page.url()).pathname).toBe('/us/register');
    await context.close();
  });

  it('refuses a registered email with the in-use message and a link to log in', async () => {
    const { context, page, email } = await registered('/uk', 'twice');
    await page.goto(url('/uk/register'));
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const main = page.getByRole('main');
    await main.getByLabel('Email address').fill(email);
    await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await main.getByLabel('Confirm password').fill(PASSWORD);
    await submit(page, 'Create account');
    await expect.poll(() => main.getByRole('alert').textContent()).toContain('This email is already in use. Log In.');
    await expect(main.getByRole('alert').getByRole('link', { name: 'Log in' }).getAttribute('href')).resolves.toBe('/uk/login');
    await context.close();
  });

  it.each(['/us/login', '/us/register', '/us/forgot-password', '/fr/login'])(
    '%s has no alert box until there is something to say',
    async (path) => {
      const { context, page } = await open(path);
      // Nothing to say: no alert region and no empty box above the form.
      await expect(page.getByRole('main').locator('[role="alert"], .form-message').count()).resolves.toBe(0);
      await context.close();
    },
  );

  it('shows the alert with its text when an error comes', async () => {
    const { context, page } = await open('/us');
    await loginByPassword(page, '/us', newEmail('nobody'), PASSWORD);
    const alert = page.getByRole('main').getByRole('alert');
    await expect.poll(() => alert.count()).toBe(1);
    await expect(alert.textContent()).resolves.toContain('No account found with this email.');
    await context.close();
  });

  it('says which password login failed, then slows this browser down after five wrong tries with the seconds left', async () => {
    const { context, page, email } = await registered('/us', 'locked');
    await loginByPassword(page, '/us', newEmail('nobody'), PASSWORD);
    const alert = page.getByRole('main').getByRole('alert');
    await expect.poll(() => alert.textContent()).toContain('No account found with this email.');
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      await loginByPassword(page, '/us', email, 'wrong-password-1');
      await expect.poll(() => alert.textContent()).toBe('Incorrect email or password. Please try again.');
    }
    await loginByPassword(page, '/us', email, PASSWORD);
    await expect.poll(() => alert.textContent()).toMatch(/^Too many attempts\. Please try again in \d+ seconds\.$/);
    const seconds = Number(/in (\d+) seconds/.exec((await alert.textContent())!)![1]);
    // docs/api.md, "Limits": the address that guessed waits 30 s; the owner elsewhere is not kept out.
    expect(seconds).toBeGreaterThan(20);
    expect(seconds).toBeLessThanOrEqual(30);
    expect(new URL(page.url()).pathname).toBe('/us/login');
    await context.close();
  });

  it("sends an address's owner to a code login when someone registered it with a password, and that password stops working", async () => {
    const email = newEmail('taken');
    // A stranger registers the owner's address with a password and never verifies it.
    const stranger = await fetch(url('/_api/us/account/user/register/pwd'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'strangers1Pass' }),
    });
    expect(((await stranger.json()) as { code: number }).code).toBe(2000);
    const { context, page, errors } = await open('/us');
    await loginByPassword(page, '/us', email, 'strangers1Pass');
    // The password logs nobody in: the site mails a login code instead.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/us/verify-email');
    await expect
      .poll(() => page.getByTestId('toast').first().textContent())
      .toBe('Please confirm your email address first: log in with the code we send you.');
    const main = page.getByRole('main');
    const { code } = await latestMail(email);
    await main.getByLabel('Verification code', { exact: true }).fill(code!);
    await submit(page, 'Verify');
    await expect.poll(() => accountLink(page).textContent()).toBe('Account');
    // The owner is in; the stranger's password is gone.
    await page.evaluate(() => localStorage.clear());
    const again = await fetch(url('/_api/us/account/user/login/pwd'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'strangers1Pass' }),
    });
    expect(((await again.json()) as { code: number }).code).toBe(4010);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('signs a member carried over from the previous site in through the old sign-in, showing no error', async () => {
    // docs/api.md, "Carried-over accounts": the us back end's.
    const email = 'carried-over@us.example.com';
    const { context, page, errors } = await open('/us');
    // Every error the visitor could see at any moment (a toast or the form's alert), as it appears.
    await page.addInitScript(() => {
      const shown: string[] = [];
      Object.assign(window, { shownErrors: shown });
      new MutationObserver(() => {
        for (const node of document.querySelectorAll('.toast.error, main [role="alert"]'))
          if (node.textContent) shown.push(node.textContent);
      }).observe(document, { childList: true, subtree: true, characterData: true });
    });
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/_api/') && calls.push(new URL(r.url()).pathname.replace(/^\/_api\/\w+/, '')));
    await loginByPassword(page, '/us', email, OLD_PASSWORD, '?fromPath=%2Fus%2Ffaq');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/us/faq');
    // The profile was loaded: the header names the member as the previous site knew them.
    await expect.poll(() => accountLink(page).textContent()).toBe('Veteran');
    expect(calls.filter((call) => call.startsWith('/account/'))).toEqual([
      '/account/user/login/pwd',
      '/account/user/sign_in',
      '/account/user/profile/new',
    ]);
    expect(await page.evaluate(() => (window as unknown as { shownErrors: string[] }).shownErrors)).toEqual([]);
    const stored = await page.evaluate(() => ['user_id', 'apptoken', 'reftoken', 'userInfo'].map((k) => localStorage.getItem(k)));
    expect(stored.slice(0, 3)).toEqual([expect.stringMatching(/^u_/), expect.any(String), expect.any(String)]);
    expect(JSON.parse(stored[3]!)).toMatchObject({ user_id: stored[0], email, nickname: 'Veteran' });
    await page.goto(url('/us/profile'));
    await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe(email);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refuses a wrong password of a carried-over member with the message of any wrong password', async () => {
    // docs/api.md, "Carried-over accounts": the eu back end's, which serves uk.
    const email = 'carried-over@eu.example.com';
    const { context, page, errors } = await open('/uk');
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/_api/') && calls.push(new URL(r.url()).pathname.replace(/^\/_api\/\w+/, '')));
    await loginByPassword(page, '/uk', email, 'oldsite2023');
    const alert = page.getByRole('main').getByRole('alert');
    await expect.poll(() => alert.textContent()).toBe('Incorrect email or password. Please try again.');
    // It is the old sign-in's answer: the 4019 of login/pwd showed nothing.
    expect(calls).toContain('/account/user/sign_in');
    expect(new URL(page.url()).pathname).toBe('/uk/login');
    await expect(page.locator('.toast.error').count()).resolves.toBe(0);
    expect(await page.evaluate(() => localStorage.getItem('apptoken'))).toBeNull();
    await loginByPassword(page, '/uk', email, OLD_PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/uk');
    await expect.poll(() => accountLink(page).textContent()).toBe('Veteran');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('opened without a code on its way, the code screen blames nothing and says where a code comes from', async () => {
    const { context, page, errors } = await open('/us/verify-email');
    const main = page.getByRole('main');
    await expect.poll(() => main.getByText('No code is on its way to you yet.', { exact: false }).count()).toBe(1);
    await expect(main.getByText('Invalid code. Please try again.').count()).resolves.toBe(0);
    await expect(main.getByRole('alert').count()).resolves.toBe(0);
    await expect(main.getByRole('link', { name: 'Back to log in' }).count()).resolves.toBe(1);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('logs in by email code, refusing a wrong code, and creates the account of a new email', async () => {
    const email = newEmail('coder');
    const { context, page, errors } = await open('/us/login?fromPath=%2Fus%2Fmanuals');
    const main = page.getByRole('main');
    // An account screen with a query hydrates at once (it reads it): the tip shows then.
    await expect.poll(() => main.getByText('Please log in', { exact: true }).isVisible()).toBe(true);
    await main.getByRole('button', { name: 'Log in with an email code' }).click();
    await main.getByLabel('Email address').fill(email);
    await submit(page, 'Send code');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/us/verify-email');
    await expect.poll(() => main.getByText(`We sent a 6-digit code to ${email}.`, { exact: false }).count()).toBe(1);
    await expect(main.getByRole('button', { name: /^Resend in \d+ s$/ }).isDisabled()).resolves.toBe(true);
    const { code } = await latestMail(email);
    const wrong = code === '000000' ? '111111' : '000000';
    await main.getByLabel('Verification code', { exact: true }).fill(wrong);
    await submit(page, 'Verify');
    await expect.poll(() => main.getByText('Invalid code. Please try again.').count()).toBe(1);
    await main.getByLabel('Verification code', { exact: true }).fill(code!);
    await submit(page, 'Verify');
    // A new email: the account was created, so it is offered a password before going on.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/us/set-password');
    await main.getByLabel('New password').fill(PASSWORD);
    await main.getByLabel('Confirm password').fill(PASSWORD);
    await submit(page, 'Save password');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/us/manuals');
    expect(errors).toEqual([]);

    // The same email logs in by code again, straight to where it came from; the password works too.
    await page.evaluate(() => localStorage.clear());
    await advanceClock(61_000); // a code goes to one email at most once a minute
    await page.goto(url('/us/login?fromPath=%2Fus%2Fsupport'));
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await main.getByRole('button', { name: 'Log in with an email code' }).click();
    await main.getByLabel('Email address').fill(email);
    await submit(page, 'Send code');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/us/verify-email');
    const calls: string[] = [];
    page.on('request', (r) => r.url().includes('/_api/') && calls.push(new URL(r.url()).pathname.replace(/^\/_api\/\w+/, '')));
    await main.getByLabel('Verification code', { exact: true }).fill((await latestMail(email)).code!);
    await submit(page, 'Verify');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/us/support');
    // An existing account's code login is the login by code, not the call that creates accounts.
    expect(calls).toContain('/account/user/login/code');
    expect(calls).not.toContain('/account/user/register_or_login');
    await loginByPassword(page, '/us', email, PASSWORD);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/us');
    await context.close();
  });

  it('resets a forgotten password through the mailed link, once', async () => {
    const { context, page, errors, email } = await registered('/eu', 'forgetful');
    await page.goto(url('/eu/forgot-password'));
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    const main = page.getByRole('main');
    await main.getByLabel('Email address').fill(email);
    await submit(page, 'Send secure link');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/eu/secure-link-sent');
    await expect.poll(() => main.getByText(`We sent a secure link to ${email}.`, { exact: false }).count()).toBe(1);
    await expect(main.getByRole('button', { name: /^Resend in \d+ s$/ }).isDisabled()).resolves.toBe(true);
    const { link } = await latestMail(email);
    expect(link).toMatch(new RegExp(`^${site.server.url.replace(/\/$/, '')}/eu/reset-password\\?token=`));

    // The page's clock, so the success page's five seconds pass at once.
    await page.clock.install();
    await page.goto(link!);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await main.getByLabel('New password').fill('newpassword2');
    await main.getByLabel('Confirm password').fill('newpassword3');
    await submit(page, 'Reset password');
    await expect.poll(() => main.getByText('Confirmed password does not match the new password. Please enter again.').count()).toBe(1);
    await main.getByLabel('Confirm password').fill('newpassword2');
    await submit(page, 'Reset password');
    // Hashing the new password takes a moment on a busy machine.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/eu/password-reset-success');
    await expect.poll(() => main.getByText(/Taking you to log in in [1-5] s\./).count()).toBe(1);
    expect(new URL(page.url()).pathname).toBe('/eu/password-reset-success');
    await page.clock.fastForward(5000);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/eu/login');

    await loginByPassword(page, '/eu', email, PASSWORD);
    await expect.poll(() => main.getByRole('alert').textContent()).toBe('Incorrect email or password. Please try again.');
    await loginByPassword(page, '/eu', email, 'newpassword2');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/eu');

    // The link was used: opening it again cannot reset anything.
    await page.goto(link!);
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    await main.getByLabel('New password').fill('another3pass');
    await main.getByLabel('Confirm password').fill('another3pass');
    await submit(page, 'Reset password');
    await expect
      .poll(() => main.getByRole('alert').textContent())
      .toContain(
        'Verification Unsuccessful: The verification link is invalid or has already been used. Please request a new one to continue.',
      );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('verifies an account by its mailed link, and a used link fails with a way home', async () => {
    const email = newEmail('linked');
    const { context, page } = await open('/us/register');
    const main = page.getByRole('main');
    await main.getByLabel('Email address').fill(email);
    await main.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await main.getByLabel('Confirm password').fill(PASSWORD);
    await submit(page, 'Create account');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/us/verify-email');
    const { link } = await latestMail(email);
    expect(link).toContain('/us/verification-success?token=');
    await page.goto(link!);
    await expect.poll(() => heading(page).textContent()).toBe('Account verified');
    await expect.poll(() => main.getByText('Your email is verified. Welcome to the crew!').count()).toBe(1);
    await page.goto(link!);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/us/verification-failed');
    await expect.poll(() => heading(page).textContent()).toBe('Verification unsuccessful');
    await expect(main.getByRole('link', { name: 'Back to home' }).getAttribute('href')).resolves.toBe('/us');
    await context.close();
  });

  it('refuses a fromPath that leaves the site', async () => {
    const { context, page, email } = await registered('/us', 'safe');
    for (const fromPath of ['https://evil.example.net/', '//evil.example.net/steal']) {
      await loginByPassword(page, '/us', email, PASSWORD, `?fromPath=${encodeURIComponent(fromPath)}`);
      await expect.poll(() => page.url()).toBe(url('/us'));
      await page.evaluate(() => localStorage.clear());
    }
    await context.close();
  });

  it('sends a visitor whose login expired without a refresh token to the login, with the toast and fromPath', async () => {
    const context = await site.browser.newContext();
    await context.addInitScript(() => {
      if (!sessionStorage.getItem('seeded')) {
        sessionStorage.setItem('seeded', '1');
        localStorage.setItem('user_id', 'u_gone');
        localStorage.setItem('apptoken', 'expired-token');
      }
    });
    const { page } = await open('/us/profile', context);
    await expect.poll(() => page.getByTestId('toast').first().textContent()).toBe('Login expired, please log in again.');
    await expect.poll(() => page.url()).toBe(url('/us/login?fromPath=%2Fus%2Fprofile'));
    await context.close();
  });

  it('shows the back end messages in the visitor language', async () => {
    const { context, page } = await open('/fr/login');
    const main = page.getByRole('main');
    await main.getByLabel('Adresse e-mail').fill(newEmail('personne'));
    await main.getByLabel('Mot de passe', { exact: true }).fill(PASSWORD);
    await main.getByRole('button', { name: 'Se connecter', exact: true }).click();
    const alert = main.getByRole('alert');
    // The back end answers in the language the site asked for (Accept-Language: fr).
    await expect.poll(() => alert.textContent()).toMatch(/^Aucun compte n’est associé à cette adresse e-mail\./);
    // …with the way on: this email can create an account.
    await expect(alert.getByRole('link', { name: 'Créer un compte' }).getAttribute('href')).resolves.toBe('/fr/register');
    await context.close();
  });

  it('logs in by code in cn through the cn regional login', async () => {
    const email = newEmail('cn');
    const { context, page } = await open('/login');
    const calls: string[] = [];
    page.on('request', (request) => calls.push(new URL(request.url()).pathname));
    const main = page.getByRole('main');
    await main.getByRole('button', { name: /验证码/ }).click();
    await main.getByRole('textbox').first().fill(email);
    await main.getByRole('button', { name: /发送/ }).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/verify-email');
    await main
      .getByRole('textbox')
      .first()
      .fill((await latestMail(email)).code!);
    await main.locator('button[type=submit]').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/set-password');
    expect(calls).toContain('/_api/cn/account/user/cn/login');
    await context.close();
  });

  it('ends a session revoked elsewhere once: one toast, the login with fromPath in place of the page, Back skips it', async () => {
    const email = newEmail('revoked');
    const { context, page, errors } = await open('/us');
    await register(page, '/us', email);
    await page.goto(url('/us'));
    await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
    // The session is ended from elsewhere (a logout on the back end with its tokens): its refresh token buys nothing.
    const tokens = await page.evaluate(() => ({
      apptoken: localStorage.getItem('apptoken')!,
      reftoken: localStorage.getItem('reftoken')!,
    }));
    await fetch(url('/_api/us/account/user/logout'), {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...tokens },
      body: '{}',
    });
    await page.goto(url('/us/profile'));
    await expect.poll(() => page.url()).toBe(url('/us/login?fromPath=%2Fus%2Fprofile'));
    await expect.poll(() => page.getByTestId('toast').count()).toBe(1);
    await expect(page.getByTestId('toast').first().textContent()).resolves.toBe('Login expired, please log in again.');
    await page.goBack();
    await expect.poll(() => page.url()).toBe(url('/us'));
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks for a new login to set a password minutes after a code login', async () => {
    const email = newEmail('late-password');
    const { context, page, errors } = await open('/us/login?fromPath=%2Fus%2Fmanuals');
    const main = page.getByRole('main');
    await main.getByRole('button', { name: 'Log in with an email code' }).click();
    await main.getByLabel('Email address').fill(email);
    await submit(page, 'Send code');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/us/verify-email');
    await main.getByLabel('Verification code', { exact: true }).fill((await latestMail(email)).code!);
    await submit(page, 'Verify');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/us/set-password');
    await advanceClock(6 * 60_000);
    await main.getByLabel('New password').fill(PASSWORD);
    await main.getByLabel('Confirm password').fill(PASSWORD);
    await submit(page, 'Save password');
    await expect.poll(() => main.getByRole('alert').textContent()).toBe('Please log in again to set your password.');
    await expect(main.getByRole('link', { name: 'Log in', exact: true }).getAttribute('href')).resolves.toBe(
      '/us/login?fromPath=%2Fus%2Fset-password%3FfromPath%3D%252Fus%252Fmanuals',
    );
    expect(errors).toEqual([]);
    await context.close();
  });

  it('refreshes an expired access token without the visitor noticing', async () => {
    const email = newEmail('sleepy');
    const { context, page, errors } = await open('/us');
    await register(page, '/us', email);
    const before = await page.evaluate(() => localStorage.getItem('apptoken'));
    const beforeRefresh = await page.evaluate(() => localStorage.getItem('reftoken'));
    await setClock(BUILT_AT + 3 * 3600_000); // access tokens live 2 hours
    try {
      const refreshes: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/sign_in/refresh')) refreshes.push(request.url());
      });
      await page.goto(url('/us/profile'));
      await expect.poll(() => refreshes.length).toBe(1);
      await expect.poll(() => page.getByTestId('profile-email').textContent()).toBe(email);
      expect(await page.evaluate(() => localStorage.getItem('apptoken'))).not.toBe(before);
      // The refresh token is single use: the one the refresh answered is stored.
      expect(await page.evaluate(() => localStorage.getItem('reftoken'))).not.toBe(beforeRefresh);
      expect(new URL(page.url()).pathname).toBe('/us/profile');
      await expect(page.getByTestId('toast').count()).resolves.toBe(0);
      expect(errors).toEqual([]);
    } finally {
      await setClock(BUILT_AT);
    }
    await context.close();
  });
});

describe('the account screens', () => {
  it.each([
    ['desktop', 1280, 800],
    ['mobile', 375, 740],
  ])('have no axe-core violation and no horizontal scroll at %s width, logged out and in', async (_name, width, height) => {
    const context = await site.browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const check = async (path: string, axe = true) => {
      await page.goto(url(path));
      await page.waitForSelector('html[data-hydrated]', { state: 'attached' });
      if (axe) expect((await axeViolations(page)).map((v) => `${path}: ${v}`)).toEqual([]);
      expect(await overflows(page), `${path} fits`).toEqual([]);
    };
    // Logged out, every screen but the profile (which sends a visitor to the login). The screens
    // are one form layout: axe checks the three kinds of form at both widths and each other
    // screen at one of them, in turn; every screen is checked for fit at both.
    const forms = new Set(['login', 'register', 'reset-password']);
    const others = ACCOUNT_SCREENS.filter((s) => s !== 'profile' && !forms.has(s));
    const axeHere = (screen: string) => forms.has(screen) || others.indexOf(screen as never) % 2 === (width > 1000 ? 0 : 1);
    for (const screen of ACCOUNT_SCREENS.filter((s) => s !== 'profile')) await check(`/de/${screen}`, axeHere(screen));
    await check('/login');
    await register(page, '/uk', newEmail(`axe-${width}`));
    await check('/uk/profile');
    await expect.poll(() => page.getByTestId('profile-email').count()).toBe(1);
    await context.close();
  });
});

describe('the newsletter', () => {
  // The footer's form, on a page other than home (the home page offers the popup form instead).
  const cases = [
    {
      base: '/us/faq',
      invalid: 'Incorrect email address format.',
      success: 'Subscription successful!',
      region: 'us',
      label: 'Email address for the newsletter',
      button: 'Subscribe',
    },
    {
      base: '/uk/manuals',
      invalid: 'Please enter a valid email address',
      success: 'Subscribed Successfully!',
      region: 'uk',
      label: 'Email address for the newsletter',
      button: 'Subscribe',
    },
    {
      base: '/manuals',
      invalid: 'please enter a correct email address',
      success: undefined,
      region: 'cn',
      label: undefined,
      button: undefined,
    },
  ];
  it.each(cases)('subscribes in $region with its own messages and sends the region', async ({ base, invalid, success, region }) => {
    const { context, page, errors } = await open(base);
    const form = page.locator('.newsletter');
    const input = form.getByRole('textbox');
    const button = form.locator('button[type=submit]');
    await input.fill('not an email');
    await button.click();
    await expect.poll(() => form.getByRole('alert').textContent()).toBe(invalid);
    const email = newEmail(`news-${region}`);
    await input.fill(email);
    const request = page.waitForRequest((r) => r.url().endsWith('/account/user/subscribe/create'));
    await button.click();
    const sent = await request;
    expect(sent.headers()['region']).toBe(region);
    expect(JSON.parse(sent.postData() ?? '{}')).toMatchObject({ email, region });
    const status = form.getByRole('status');
    if (success) await expect.poll(() => status.textContent()).toBe(success);
    else await expect.poll(() => status.textContent()).not.toBe('');
    // Subscribing again is not an error.
    await input.fill(email);
    await button.click();
    await expect.poll(() => status.textContent()).not.toBe('');
    await expect(form.getByRole('alert').count()).resolves.toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the popup newsletter form', () => {
  it('requires the agreement, sends the optional opt-ins and the region, and closes with Escape', async () => {
    const { context, page, errors } = await open('/uk');
    const invite = page.locator('.newsletter-invite');
    await invite.getByRole('button', { name: 'Subscribe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Join the Axlebot crew' });
    await expect.poll(() => dialog.isVisible()).toBe(true);
    const email = newEmail('popup');
    await dialog.getByLabel('Email address for the newsletter').fill(email);

    // Without the agreement nothing is sent.
    let calls = 0;
    page.on('request', (r) => void (r.url().endsWith('/account/user/subscribe/create') && (calls += 1)));
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    await expect.poll(() => dialog.getByText('Please agree to the Privacy Policy and Terms of Use to subscribe.').count()).toBe(1);
    const agreement = dialog.getByRole('checkbox', { name: /Privacy Policy/ });
    await expect(agreement.getAttribute('aria-invalid')).resolves.toBe('true');
    expect(calls).toBe(0);

    await agreement.check();
    await dialog.getByRole('checkbox', { name: /weekly emails/ }).check();
    const request = page.waitForRequest((r) => r.url().endsWith('/account/user/subscribe/create'));
    await dialog.getByRole('button', { name: 'Subscribe' }).click();
    const sent = await request;
    expect(sent.headers()['region']).toBe('uk');
    expect(JSON.parse(sent.postData() ?? '{}')).toEqual({ email, region: 'uk', source: 'popup', weekly: true, member: false });
    await expect.poll(() => dialog.getByRole('status').textContent()).toBe('Subscribed Successfully!');
    await expect(axeViolations(page, '.newsletter-popup')).resolves.toEqual([]);

    await page.keyboard.press('Escape');
    await expect.poll(() => dialog.isVisible()).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('the support forms', () => {
  it('checks the registration form in the browser, then registers the product with the back end', async () => {
    const { context, page, errors } = await open('/us/product-registration');
    const form = page.locator('.support-form');
    await form.getByRole('button', { name: 'Register product' }).click();
    await expect.poll(() => form.getByText('Please fill in this field.').count()).toBe(2); // name and product
    await expect(form.getByText('Please enter a valid email address.').count()).resolves.toBe(1);
    await expect(
      form.getByText('Please enter the serial number as printed on the robot: 8 to 20 letters and numbers.').count(),
    ).resolves.toBe(1);
    await expect(form.getByText('Please enter the date of purchase; it cannot be in the future.').count()).resolves.toBe(1);

    const email = newEmail('owner');
    await form.getByLabel('Full name').fill('Grace Hopper');
    await form.getByLabel('Email address').fill(email);
    await form.getByLabel('Product').selectOption('Flagship Bumblebee');
    await form.getByLabel('Serial number').fill('AXL2026US0001');
    await form.getByLabel('Date of purchase').fill('2026-11-20');
    const request = page.waitForRequest((r) => r.url().endsWith('/_api/us/support/product-registration'));
    await form.getByRole('button', { name: 'Register product' }).click();
    expect(JSON.parse((await request).postData() ?? '{}')).toMatchObject({
      name: 'Grace Hopper',
      email,
      product: 'Flagship Bumblebee',
      serial: 'AXL2026US0001',
      purchaseDate: '2026-11-20',
    });
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toMatch(
        new RegExp(
          `^Thank you! Your robot is registered\\. Reference: REG-\\d{6}\\. We sent a confirmation to ${email.replace(/[.]/g, '\\.')}\\.$`,
        ),
      );
    expect((await latestMail(email)).subject).toBe(
      'Your Flagship Bumblebee is registered (' + /REG-\d{6}/.exec((await form.getByRole('status').textContent())!)![0] + ')',
    );
    await expect(axeViolations(page, '.support-form')).resolves.toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('sends a return request in German and shows the reference', async () => {
    const { context, page } = await open('/de/return-manufacturer');
    const form = page.locator('.support-form');
    const email = newEmail('rueckgabe');
    await form.getByLabel('Vollständiger Name').fill('Ada Lovelace');
    await form.getByLabel('E-Mail-Adresse').fill(email);
    await form.getByLabel('Produkt').selectOption({ index: 1 });
    await form.getByLabel('Seriennummer').fill('AXL2026DE0001');
    await form.getByLabel('Was stimmt mit dem Roboter nicht?').fill('Kurz');
    await form.getByRole('button', { name: 'Rücksendung anfragen' }).click();
    await expect.poll(() => form.getByText('Bitte beschreiben Sie kurz, was nicht stimmt.').count()).toBe(1);
    await form.getByLabel('Was stimmt mit dem Roboter nicht?').fill('Der linke Arm bewegt sich nicht mehr.');
    await form.getByRole('button', { name: 'Rücksendung anfragen' }).click();
    await expect
      .poll(() => form.getByRole('status').textContent())
      .toMatch(/^Ihre Rücksendeanfrage ist eingegangen\. Referenz: RMA-\d{6}\./);
    await context.close();
  });
});
