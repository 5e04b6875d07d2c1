import { existsSync } from 'node:fs';
import path from 'node:path';

/** The generated Prisma clients come from `npm install` (postinstall) or `npm run build`. */
export default async function globalSetup(): Promise<void> {
  for (const provider of ['sqlite', 'postgresql']) {
    const client = path.join(__dirname, '..', '..', 'src', 'generated', `prisma-${provider}`, 'client.ts');
    if (!existsSync(client)) throw new Error(`missing ${client}: run npm run generate`);
  }
}
