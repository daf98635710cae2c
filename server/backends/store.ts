import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';

/**
 * The database of one emulated back end: `<dataDir>/<backend>.sqlite`, or memory when there is
 * no data folder (tests, and `startServer` without one). Every statement is prepared once.
 * Tokens, codes and links are stored hashed (secrets.ts); the outbox keeps the mail as sent.
 */

const SCHEMA = `
CREATE TABLE IF NOT EXISTS accounts (
  id TEXT PRIMARY KEY,
  email TEXT NOT NULL UNIQUE,
  password_hash TEXT,
  verified INTEGER NOT NULL DEFAULT 0,
  nickname TEXT NOT NULL DEFAULT '',
  first_name TEXT NOT NULL DEFAULT '',
  last_name TEXT NOT NULL DEFAULT '',
  birthday TEXT NOT NULL DEFAULT '',
  country TEXT NOT NULL DEFAULT '',
  credits INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  -- 1: carried over from the brand's previous site; its password signs in by the old sign-in only.
  carried_over INTEGER NOT NULL DEFAULT 0
) STRICT;
-- A session: what one login started, on one device. Its tokens come and go (a refresh
-- replaces both); proven_at is when the visitor last proved who they are in it (a password or
-- a code), which a refresh never moves.
CREATE TABLE IF NOT EXISTS sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  proven_at INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS sessions_by_user ON sessions (user_id);
CREATE TABLE IF NOT EXISTS tokens (
  hash TEXT PRIMARY KEY,
  kind TEXT NOT NULL CHECK (kind IN ('app', 'ref')),
  session_id TEXT NOT NULL REFERENCES sessions (id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  -- A refresh token already spent (rotated): kept until it expires, so that its replay is caught.
  used_at INTEGER
) STRICT;
CREATE INDEX IF NOT EXISTS tokens_by_session ON tokens (session_id);
CREATE TABLE IF NOT EXISTS codes (
  email TEXT NOT NULL,
  purpose TEXT NOT NULL,
  salt TEXT NOT NULL,
  hash TEXT NOT NULL,
  expires_at INTEGER NOT NULL,
  -- Wrong guesses at this code so far: it dies at the limit.
  tries INTEGER NOT NULL DEFAULT 0,
  PRIMARY KEY (email, purpose)
) STRICT;
CREATE TABLE IF NOT EXISTS links (
  hash TEXT PRIMARY KEY,
  purpose TEXT NOT NULL,
  user_id TEXT NOT NULL REFERENCES accounts (id) ON DELETE CASCADE,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
) STRICT;
CREATE INDEX IF NOT EXISTS links_by_user ON links (user_id, purpose);
CREATE TABLE IF NOT EXISTS subscriptions (
  email TEXT PRIMARY KEY,
  region TEXT,
  weekly INTEGER NOT NULL,
  member INTEGER NOT NULL,
  source TEXT,
  created_at INTEGER NOT NULL
) STRICT;
CREATE TABLE IF NOT EXISTS outbox (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  recipient TEXT NOT NULL,
  subject TEXT NOT NULL,
  text TEXT NOT NULL,
  code TEXT,
  link TEXT,
  sent_at INTEGER NOT NULL,
  -- Real time of sending: the emulated clock may be moved back, the outbox order must not be.
  logged_at INTEGER NOT NULL
) STRICT;
CREATE INDEX IF NOT EXISTS outbox_by_recipient ON outbox (recipient);
CREATE TABLE IF NOT EXISTS support_requests (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  kind TEXT NOT NULL CHECK (kind IN ('registration', 'return')),
  email TEXT NOT NULL,
  -- The form's fields as JSON: they differ by kind and are only ever read whole.
  body TEXT NOT NULL,
  created_at INTEGER NOT NULL
) STRICT;
`;

export interface AccountRow {
  id: string;
  email: string;
  password_hash: string | null;
  verified: 0 | 1;
  nickname: string;
  first_name: string;
  last_name: string;
  birthday: string;
  country: string;
  credits: number;
  created_at: number;
  carried_over: 0 | 1;
}

export interface CodeRow {
  salt: string;
  hash: string;
  expires_at: number;
  tries: number;
}

/** A token with its session: whose it is and when the session last proved itself. */
export interface TokenRow {
  kind: TokenKind;
  session_id: string;
  user_id: string;
  proven_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface LinkRow {
  purpose: string;
  user_id: string;
  expires_at: number;
  used_at: number | null;
}

export interface OutboxRow {
  id: number;
  recipient: string;
  subject: string;
  text: string;
  code: string | null;
  link: string | null;
  sent_at: number;
  logged_at: number;
}

/** The profile columns a visitor may change; null leaves a column as it is. */
export interface ProfileChange {
  nickname: string | null;
  first_name: string | null;
  last_name: string | null;
  birthday: string | null;
  country: string | null;
}

export type TokenKind = 'app' | 'ref';

/** The version of the tables above (`PRAGMA user_version`). */
const SCHEMA_VERSION = 2;

export function openStore(backend: string, dataDir?: string) {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const db = new Database(dataDir === undefined ? ':memory:' : path.join(dataDir, `${backend}.sqlite`));
  // WAL lets a second serve-regions (or a sqlite3 shell) read while this one writes.
  db.pragma('journal_mode = WAL');
  db.pragma('foreign_keys = ON');
  // Version 1 (issue 27) gave tokens a session and codes a count of wrong tries: the tokens and
  // codes of an older data folder are dropped (everyone logs in again), the rest is kept.
  const version = db.pragma('user_version', { simple: true }) as number;
  if (version < 1) db.exec('DROP TABLE IF EXISTS tokens; DROP TABLE IF EXISTS codes;');
  db.exec(SCHEMA);
  // Version 2 (issue 46) marks the accounts carried over from the previous site: none of an older folder's were.
  if (!db.prepare("SELECT 1 FROM pragma_table_info('accounts') WHERE name = 'carried_over'").get())
    db.exec('ALTER TABLE accounts ADD COLUMN carried_over INTEGER NOT NULL DEFAULT 0');
  if (version < SCHEMA_VERSION) db.pragma(`user_version = ${SCHEMA_VERSION}`);

  const statements = {
    accountByEmail: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE email = ?'),
    accountById: db.prepare<[string], AccountRow>('SELECT * FROM accounts WHERE id = ?'),
    insertAccount: db.prepare(
      'INSERT INTO accounts (id, email, password_hash, verified, credits, created_at) VALUES (@id, @email, @password_hash, @verified, @credits, @created_at) ON CONFLICT (email) DO NOTHING',
    ),
    insertCarriedOver: db.prepare(
      'INSERT INTO accounts (id, email, password_hash, verified, nickname, credits, created_at, carried_over) VALUES (@id, @email, @password_hash, 1, @nickname, @credits, @created_at, 1) ON CONFLICT (email) DO NOTHING',
    ),
    setPassword: db.prepare<[string | null, string]>('UPDATE accounts SET password_hash = ? WHERE id = ?'),
    setVerified: db.prepare<[string]>('UPDATE accounts SET verified = 1 WHERE id = ?'),
    clearProfile: db.prepare<[string]>(
      "UPDATE accounts SET nickname = '', first_name = '', last_name = '', birthday = '', country = '' WHERE id = ?",
    ),
    updateProfile: db.prepare(`UPDATE accounts SET
      nickname = coalesce(@nickname, nickname), first_name = coalesce(@first_name, first_name), last_name = coalesce(@last_name, last_name),
      birthday = coalesce(@birthday, birthday), country = coalesce(@country, country) WHERE id = @id`),
    insertSession: db.prepare<[string, string, number]>('INSERT INTO sessions (id, user_id, proven_at) VALUES (?, ?, ?)'),
    deleteSession: db.prepare<[string]>('DELETE FROM sessions WHERE id = ?'),
    deleteSessions: db.prepare<[string]>('DELETE FROM sessions WHERE user_id = ?'),
    insertToken: db.prepare<[string, TokenKind, string, number]>(
      'INSERT INTO tokens (hash, kind, session_id, expires_at) VALUES (?, ?, ?, ?)',
    ),
    token: db.prepare<[string], TokenRow>(
      'SELECT tokens.kind, tokens.session_id, sessions.user_id, sessions.proven_at, tokens.expires_at, tokens.used_at FROM tokens JOIN sessions ON sessions.id = tokens.session_id WHERE tokens.hash = ?',
    ),
    spendToken: db.prepare<[number, string]>('UPDATE tokens SET used_at = ? WHERE hash = ? AND used_at IS NULL'),
    deleteSessionTokens: db.prepare<[string, TokenKind]>('DELETE FROM tokens WHERE session_id = ? AND kind = ?'),
    deleteExpiredTokens: db.prepare<[number]>('DELETE FROM tokens WHERE expires_at <= ?'),
    deleteEmptySessions: db.prepare('DELETE FROM sessions WHERE NOT EXISTS (SELECT 1 FROM tokens WHERE tokens.session_id = sessions.id)'),
    putCode: db.prepare<[string, string, string, string, number]>(
      'INSERT INTO codes (email, purpose, salt, hash, expires_at, tries) VALUES (?, ?, ?, ?, ?, 0) ON CONFLICT (email, purpose) DO UPDATE SET salt = excluded.salt, hash = excluded.hash, expires_at = excluded.expires_at, tries = 0',
    ),
    code: db.prepare<[string, string], CodeRow>('SELECT salt, hash, expires_at, tries FROM codes WHERE email = ? AND purpose = ?'),
    countCodeTry: db.prepare<[string, string]>('UPDATE codes SET tries = tries + 1 WHERE email = ? AND purpose = ?'),
    deleteCode: db.prepare<[string, string]>('DELETE FROM codes WHERE email = ? AND purpose = ?'),
    insertLink: db.prepare<[string, string, string, number]>('INSERT INTO links (hash, purpose, user_id, expires_at) VALUES (?, ?, ?, ?)'),
    link: db.prepare<[string], LinkRow>('SELECT purpose, user_id, expires_at, used_at FROM links WHERE hash = ?'),
    useLink: db.prepare<[number, string]>('UPDATE links SET used_at = ? WHERE hash = ? AND used_at IS NULL'),
    deleteOpenLinks: db.prepare<[string, string]>('DELETE FROM links WHERE user_id = ? AND purpose = ? AND used_at IS NULL'),
    insertSubscription: db.prepare(
      'INSERT INTO subscriptions (email, region, weekly, member, source, created_at) VALUES (@email, @region, @weekly, @member, @source, @created_at) ON CONFLICT (email) DO NOTHING',
    ),
    insertMail: db.prepare(
      'INSERT INTO outbox (recipient, subject, text, code, link, sent_at, logged_at) VALUES (@recipient, @subject, @text, @code, @link, @sent_at, @logged_at)',
    ),
    insertSupport: db.prepare('INSERT INTO support_requests (kind, email, body, created_at) VALUES (@kind, @email, @body, @created_at)'),
    allMail: db.prepare<[], OutboxRow>('SELECT * FROM outbox ORDER BY id DESC'),
    mailTo: db.prepare<[string], OutboxRow>('SELECT * FROM outbox WHERE recipient = ? ORDER BY id DESC'),
  };

  return {
    accountByEmail: (email: string) => statements.accountByEmail.get(email),
    accountById: (id: string) => statements.accountById.get(id),
    /** Inserts a new account; false when the email is taken (also by a concurrent request). */
    insertAccount: (row: Pick<AccountRow, 'id' | 'email' | 'password_hash' | 'verified' | 'credits' | 'created_at'>) =>
      statements.insertAccount.run(row).changes === 1,
    /** Inserts a verified account carried over from the previous site (carried-over.ts); false when the email is taken. */
    insertCarriedOver: (row: Pick<AccountRow, 'id' | 'email' | 'password_hash' | 'nickname' | 'credits' | 'created_at'>) =>
      statements.insertCarriedOver.run(row).changes === 1,
    /** A new password hash, or null: the account has no password (it logs in by code). */
    setPassword: (id: string, hash: string | null) => void statements.setPassword.run(hash, id),
    setVerified: (id: string) => void statements.setVerified.run(id),
    /** Empties the profile fields a visitor can change (what someone else wrote before the mailbox was proven). */
    clearProfile: (id: string) => void statements.clearProfile.run(id),
    updateProfile: (id: string, change: ProfileChange) => void statements.updateProfile.run({ id, ...change }),
    /** A session of an account, its tokens issued at once (with `insertToken`) in one transaction by the caller. */
    insertSession: (id: string, userId: string, provenAt: number) => void statements.insertSession.run(id, userId, provenAt),
    /** Ends one session: every token of it, whatever its state, is gone. */
    deleteSession: (id: string) => void statements.deleteSession.run(id),
    /** Ends every session of an account. */
    deleteSessions: (userId: string) => void statements.deleteSessions.run(userId),
    insertToken: (hash: string, kind: TokenKind, sessionId: string, expiresAt: number) =>
      void statements.insertToken.run(hash, kind, sessionId, expiresAt),
    /** A token (live, expired or spent) with its session, or undefined when there is none of that hash. */
    token: (hash: string) => statements.token.get(hash),
    /** Marks a refresh token spent; false when it was spent already (two refreshes raced, or a replay). */
    spendToken: (hash: string, now: number) => statements.spendToken.run(now, hash).changes === 1,
    /** Revokes the tokens of one kind of a session (a refresh revokes its earlier access tokens). */
    deleteSessionTokens: (sessionId: string, kind: TokenKind) => void statements.deleteSessionTokens.run(sessionId, kind),
    /** Forgets tokens expired at `now` and the sessions left without any. */
    sweepTokens: db.transaction((now: number) => {
      statements.deleteExpiredTokens.run(now);
      statements.deleteEmptySessions.run();
    }),
    transaction: <T>(work: () => T): T => db.transaction(work)(),
    putCode: (email: string, purpose: string, salt: string, hash: string, expiresAt: number) =>
      void statements.putCode.run(email, purpose, salt, hash, expiresAt),
    code: (email: string, purpose: string) => statements.code.get(email, purpose),
    /** Counts a wrong guess at the live code of that email and purpose. */
    countCodeTry: (email: string, purpose: string) => void statements.countCodeTry.run(email, purpose),
    deleteCode: (email: string, purpose: string) => void statements.deleteCode.run(email, purpose),
    /** Stores a link and drops the account's earlier unused links of that purpose. */
    replaceLink: db.transaction((hash: string, purpose: string, userId: string, expiresAt: number) => {
      statements.deleteOpenLinks.run(userId, purpose);
      statements.insertLink.run(hash, purpose, userId, expiresAt);
    }),
    link: (hash: string) => statements.link.get(hash),
    /** Marks a link used; false when it was used already (so two clicks cannot both win). */
    useLink: (hash: string, now: number) => statements.useLink.run(now, hash).changes === 1,
    deleteOpenLinks: (userId: string, purpose: string) => void statements.deleteOpenLinks.run(userId, purpose),
    insertSubscription: (row: {
      email: string;
      region: string | null;
      weekly: 0 | 1;
      member: 0 | 1;
      source: string | null;
      created_at: number;
    }) => statements.insertSubscription.run(row).changes === 1,
    insertMail: (row: Omit<OutboxRow, 'id'>) => Number(statements.insertMail.run(row).lastInsertRowid),
    /** Stores a support request; its id makes the reference the visitor quotes. */
    insertSupport: (row: { kind: 'registration' | 'return'; email: string; body: string; created_at: number }) =>
      Number(statements.insertSupport.run(row).lastInsertRowid),
    mail: (recipient?: string) => (recipient === undefined ? statements.allMail.all() : statements.mailTo.all(recipient)),
    close: () => db.close(),
  };
}

export type Store = ReturnType<typeof openStore>;
