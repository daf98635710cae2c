import { mkdirSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { setUpSchema } from './store-schema.ts';

/**
 * The database of one emulated back end: `<dataDir>/<backend>.sqlite`, or memory when there is
 * no data folder (tests, and `startServer` without one). Every statement is prepared once.
 * Tokens, codes and links are stored hashed (secrets.ts); the outbox keeps the mail as sent.
 */

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

/** Every statement of the store, prepared once. */
function prepareStatements(db: Database.Database) {
  return {
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
}

export function openStore(backend: string, dataDir?: string) {
  if (dataDir !== undefined) mkdirSync(dataDir, { recursive: true });
  const db = new Database(dataDir === undefined ? ':memory:' : path.join(dataDir, `${backend}.sqlite`));
  setUpSchema(db);
  const statements = prepareStatements(db);

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
