/**
 * Pairing with the central dashboard (wfRESTAuthenticationController, wfRESTConfigController's
 * premiumConnect and disconnect): the nonce, the signed exchanges that earn a token, storing the
 * pairing and removing it. Messages and statuses are the plugin's; what it lacks (single-use
 * nonces, validation of premium-connect's body, a site without SECURITY_SECRET_KEY) is ours.
 */
import { randomBytes } from 'node:crypto';
import type { DomainContext } from '../context';
import { DomainError } from '../errors';
import type { CentralCaller } from './central-auth';
import { refuse } from './central-auth';
import { generateKeyPair, isPublicKeyHex, verifyDetached } from './ed25519';
import { recordSecurityEvent } from './log';
import { consumeNonce, isLiveNonce, isNonceFormat, issueNonce } from './nonces';
import { readPairing, removePairing, storePairing } from './pairing-store';
import { siteSecret } from './site-secret';
import { PREMIUM_SUBJECT, signToken } from './tokens';

const NOT_CONNECTED = 'Site is not connected to Wordfence Central.';
const SITE_ID = /^[0-9a-f-]{36}$/i;
/** is_email()'s shape, roughly: something@domain.tld without spaces. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * Keys the nonces of a site without SECURITY_SECRET_KEY: such a site keeps no secret and cannot be
 * paired, so its nonces can never be spent; GET /authenticate still answers as the plugin does.
 */
const UNPAIRABLE_NONCE_KEY = randomBytes(32);

export interface AuthenticationNonce {
  nonce: string;
  admin_url: string;
}

function adminUrl(ctx: DomainContext): string {
  return `${ctx.config.siteUrl}/wp-admin/`;
}

function notConfigured(what: string): DomainError {
  return new DomainError('security_central_not_configured', `Pairing with a central dashboard is not configured on this site: ${what} is needed.`, 400);
}

/** GET /authenticate. */
export async function authenticationNonce(ctx: DomainContext): Promise<AuthenticationNonce> {
  const key = ctx.config.central.secretKey;
  const secret = key ? await siteSecret(ctx.db, key) : UNPAIRABLE_NONCE_KEY;
  return { nonce: issueNonce(secret), admin_url: adminUrl(ctx) };
}

interface SignedData {
  nonce: string;
  subject: string;
}

/** `data` = `<nonce>|<rest>`, checked as the plugin does, in its order. */
async function splitData(ctx: DomainContext, data: unknown, kind: string): Promise<SignedData> {
  const text = typeof data === 'string' ? data : '';
  const bar = text.indexOf('|');
  if (bar === -1) throw await refuse(ctx, 'Data is invalid.', 'data', kind);
  const nonce = text.slice(0, bar);
  if (!isNonceFormat(nonce)) throw await refuse(ctx, 'Nonce format is invalid.', 'nonce-format', kind);
  return { nonce, subject: text.slice(bar + 1) };
}

/** The nonce is live, the signature right, and the nonce not used before (the use is recorded). */
async function checkSigned(ctx: DomainContext, secret: Buffer, publicKey: Buffer, data: string, nonce: string, signature: unknown, kind: string): Promise<void> {
  if (!isLiveNonce(secret, nonce)) throw await refuse(ctx, 'Nonce is invalid.', 'nonce-stale', kind);
  if (!verifyDetached(publicKey, data, signature)) throw await refuse(ctx, 'Signature is invalid.', 'signature', kind);
  if (!(await consumeNonce(ctx.db, nonce))) throw await refuse(ctx, 'Nonce is invalid.', 'nonce-replayed', kind);
}

/** POST /authenticate: `data` = `<nonce>|<site id>` signed by the paired dashboard → a site token. */
export async function authenticate(ctx: DomainContext, data: unknown, signature: unknown): Promise<{ token: string }> {
  const key = ctx.config.central.secretKey;
  const pairing = key ? await readPairing(ctx.db) : null;
  if (!key || !pairing) throw await refuse(ctx, NOT_CONNECTED, 'not-paired', 'site');
  const signed = await splitData(ctx, data, 'site');
  if (!SITE_ID.test(signed.subject) || signed.subject !== pairing.siteId) throw await refuse(ctx, 'Site ID is invalid.', 'site-id', 'site');
  const secret = await siteSecret(ctx.db, key);
  await checkSigned(ctx, secret, Buffer.from(pairing.dashboardPublicKey, 'hex'), data as string, signed.nonce, signature, 'site');
  return { token: signToken(secret, pairing.siteId) };
}

/**
 * POST /authenticate-premium: `data` = `<nonce>|<administrator e-mail>` signed with the configured
 * dashboard key → a premium token, when exactly one administrator has that address.
 */
export async function authenticatePremium(ctx: DomainContext, data: unknown, signature: unknown): Promise<{ token: string }> {
  const key = ctx.config.central.secretKey;
  const premiumKey = ctx.config.central.premiumPublicKey;
  if (!key) throw notConfigured('SECURITY_SECRET_KEY');
  if (!premiumKey) throw notConfigured('SECURITY_CENTRAL_PUBLIC_KEY');
  const signed = await splitData(ctx, data, 'premium');
  if (!EMAIL.test(signed.subject)) throw await refuse(ctx, 'Email address is invalid.', 'email', 'premium');
  const secret = await siteSecret(ctx.db, key);
  await checkSigned(ctx, secret, premiumKey, data as string, signed.nonce, signature, 'premium');
  const email = signed.subject.toLowerCase();
  const administrators = await ctx.db.read.user.findMany({ where: { role: 'administrator' }, select: { email: true } });
  if (administrators.filter((user) => user.email.toLowerCase() === email).length !== 1) {
    throw await refuse(ctx, 'Admin user with this email address not found.', 'no-administrator', 'premium');
  }
  return { token: signToken(secret, PREMIUM_SUBJECT, { email: signed.subject }) };
}

export interface PremiumConnectInput {
  publicKey: unknown;
  siteData: unknown;
  siteId: unknown;
}

/** POST /premium-connect (premium token): stores the pairing and answers the site's new public key. */
export async function premiumConnect(ctx: DomainContext, caller: CentralCaller, input: PremiumConnectInput): Promise<{ success: true; 'public-key': string }> {
  const key = ctx.config.central.secretKey;
  if (!key) throw notConfigured('SECURITY_SECRET_KEY');
  const params: Record<string, string> = Object.create(null) as Record<string, string>;
  if (!isPublicKeyHex(input.publicKey)) params['public-key'] = 'public-key is not an Ed25519 public key (64 hex digits).';
  if (typeof input.siteId !== 'string' || !SITE_ID.test(input.siteId)) params['site-id'] = 'site-id is not a site id (36 characters: hex digits and dashes).';
  const names = Object.keys(params);
  if (names.length) throw new DomainError('rest_invalid_param', `Invalid parameter(s): ${names.join(', ')}`, 400, { params: { ...params } });
  const keyPair = generateKeyPair();
  const pairing = {
    siteId: input.siteId as string,
    dashboardPublicKey: (input.publicKey as string).toLowerCase(),
    siteData: input.siteData ?? null,
    connectedAt: new Date().toISOString(),
    connectEmail: caller.email ?? null,
    sitePublicKey: keyPair.publicKeyHex,
  };
  await ctx.db.prisma.$transaction((tx) => storePairing(tx, key, pairing, keyPair.privateKeyPkcs8));
  await recordSecurityEvent(ctx.db, { type: 'pairing', message: `Paired with the central dashboard as site ${pairing.siteId}.`, user: caller.email ?? null, details: { siteId: pairing.siteId } });
  return { success: true, 'public-key': keyPair.publicKeyHex };
}

/** POST /disconnect (site token): the pairing goes; its time and who asked are kept. */
export async function disconnect(ctx: DomainContext, caller: CentralCaller): Promise<{ success: true }> {
  const before = await readPairing(ctx.db);
  await ctx.db.prisma.$transaction((tx) => removePairing(tx, { disconnectedAt: new Date().toISOString(), email: caller.email ?? null }));
  await recordSecurityEvent(ctx.db, {
    type: 'disconnect',
    message: 'Disconnected from the central dashboard.',
    user: caller.email ?? null,
    details: { siteId: before?.siteId ?? null, by: 'central-dashboard' },
  });
  return { success: true };
}
