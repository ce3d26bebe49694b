// `doctor` for a home whose config points at a shared store: connects (no encryption key
// needed: only the follow status is read) and reports which hosts cannot follow the shared
// lockfile. A home on files has nothing to report here.
import { readHostConfigFile } from '../config/load.js';
import { openDatabase } from './connect.js';
import { storeUrl } from './index.js';
import { followChecks, type FollowCheck } from './install-follow.js';
import { messageOf } from '@openclaw/skill-sdk/internal';

export async function sharedStoreFollowChecks(
  configFile: string,
  env: NodeJS.ProcessEnv,
): Promise<FollowCheck[]> {
  let url: string;
  try {
    const store = (await readHostConfigFile(configFile)).store;
    if (store?.type !== 'postgres') return [];
    url = storeUrl(store, env, configFile);
  } catch {
    return []; // a config that does not load is the config check's failure
  }
  let db;
  try {
    db = await openDatabase(url, { max: 1, connectTimeoutMs: 5_000 });
    return await followChecks(db);
  } catch (e) {
    return [{ name: 'hosts', status: 'fail', message: messageOf(e) }];
  } finally {
    await db?.close().catch(() => undefined);
  }
}
