/**
 * Where the pairing with the central dashboard lives: one options row (`security_central`, the
 * plugin's wordfenceCentral* options) holding the site id the dashboard gave, its public key, its
 * site data, when and by whom the site was connected, and the site's own key pair (the private
 * key sealed with SECURITY_SECRET_KEY); and one row recording the last disconnection.
 */
import type { Database, Prisma, PrismaClient } from '../../db/client';
import { seal } from '../secret-box';
import { storedJsonObject } from '../stored-json';

const PAIRING = 'security_central';
const DISCONNECTED = 'security_central_disconnected';
const PRIVATE_KEY_PURPOSE = 'security.site_private_key';

export interface Pairing {
  siteId: string;
  /** The dashboard's Ed25519 public key, raw hex. */
  dashboardPublicKey: string;
  siteData: unknown;
  connectedAt: string;
  connectEmail: string | null;
  sitePublicKey: string;
}

export interface Disconnection {
  disconnectedAt: string;
  email: string | null;
}

type Writer = PrismaClient | Prisma.TransactionClient;

export async function readPairing(db: Database): Promise<Pairing | null> {
  const rows = await db.read.option.findMany({ where: { name: PAIRING } });
  const stored = storedJsonObject(rows[0]?.value);
  if (!stored || typeof stored.siteId !== 'string' || typeof stored.dashboardPublicKey !== 'string') return null;
  return {
    siteId: stored.siteId,
    dashboardPublicKey: stored.dashboardPublicKey,
    siteData: stored.siteData ?? null,
    connectedAt: typeof stored.connectedAt === 'string' ? stored.connectedAt : '',
    connectEmail: typeof stored.connectEmail === 'string' ? stored.connectEmail : null,
    sitePublicKey: typeof stored.sitePublicKey === 'string' ? stored.sitePublicKey : '',
  };
}

export async function readDisconnection(db: Database): Promise<Disconnection | null> {
  const rows = await db.read.option.findMany({ where: { name: DISCONNECTED } });
  const stored = storedJsonObject(rows[0]?.value);
  if (!stored || typeof stored.disconnectedAt !== 'string') return null;
  return { disconnectedAt: stored.disconnectedAt, email: typeof stored.email === 'string' ? stored.email : null };
}

/** Replaces any pairing (premium-connect); the private key is sealed here and never read back by the routes. */
export async function storePairing(tx: Writer, key: Buffer, pairing: Pairing, sitePrivateKeyPkcs8: string): Promise<void> {
  const value = JSON.stringify({ ...pairing, sitePrivateKey: seal(key, PRIVATE_KEY_PURPOSE, sitePrivateKeyPkcs8) });
  await tx.option.upsert({ where: { name: PAIRING }, create: { name: PAIRING, value }, update: { value } });
  await tx.option.deleteMany({ where: { name: DISCONNECTED } });
}

/** Removes the pairing and records the disconnection (disconnectConfig()). Answers whether a pairing was there. */
export async function removePairing(tx: Writer, disconnection: Disconnection): Promise<boolean> {
  const removed = await tx.option.deleteMany({ where: { name: PAIRING } });
  const value = JSON.stringify(disconnection);
  await tx.option.upsert({ where: { name: DISCONNECTED }, create: { name: DISCONNECTED, value }, update: { value } });
  return removed.count > 0;
}
